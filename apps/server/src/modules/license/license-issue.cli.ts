// npm run license:issue -- --plan professional --secret S --days 365: prints a licence key, for the vendor and for tests.
import { issueFromArgs, issueUsage } from './license-issue.ts';

try {
  const { key, payload } = issueFromArgs(process.argv.slice(2));
  console.error(`${payload.plan} licence ${payload.licenseId} for ${payload.customer}, expires ${payload.expiresAt}`);
  console.log(key);
} catch (err) {
  console.error(`${(err as Error).message}\n${issueUsage}`);
  process.exit(1);
}
