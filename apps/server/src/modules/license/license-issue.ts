import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type LicenseKeyPayload, licenseKeyPayloadSchema } from '@wac/contract/license';
import { signLicenseKey } from './license-key.ts';

const DAY_MS = 86_400_000;

export const issueUsage = `Usage: npm run license:issue -- --plan <dev|basic|professional|enterprise> --secret <S> --days <N>
         [--customer <name>] [--features key=true,key=false] [--quotas users=5,messages=1000] [--suspended]`;

/** "users=5,storage=100" -> { users: '5', storage: '100' }; the payload schema checks names and values. */
function pairs(option: string | undefined, name: string): Record<string, string> {
  if (!option) return {};
  return Object.fromEntries(
    option.split(',').map((pair) => {
      const [key, value, extra] = pair.split('=').map((p) => p.trim());
      if (!key || value === undefined || value === '' || extra !== undefined)
        throw new Error(`--${name}: expected key=value, got "${pair}"`);
      return [key, value];
    }),
  );
}

function asBoolean(value: string, key: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`--features: ${key} must be true or false`);
}

/** Builds the signed key from command-line arguments; throws an Error whose message says what is wrong. */
export function issueFromArgs(args: string[], now = new Date()): { key: string; payload: LicenseKeyPayload } {
  const { values } = parseArgs({
    args,
    options: {
      plan: { type: 'string' },
      secret: { type: 'string' },
      days: { type: 'string' },
      customer: { type: 'string' },
      features: { type: 'string' },
      quotas: { type: 'string' },
      suspended: { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.plan) throw new Error('--plan is required');
  if (!values.secret) throw new Error('--secret is required');
  const days = Number(values.days);
  if (!values.days || !Number.isFinite(days)) throw new Error('--days must be a number of days');

  const features = Object.fromEntries(Object.entries(pairs(values.features, 'features')).map(([k, v]) => [k, asBoolean(v, k)]));
  const quotas = Object.fromEntries(Object.entries(pairs(values.quotas, 'quotas')).map(([k, v]) => [k, Number(v)]));
  const issuedAt = now.toISOString();
  const candidate = {
    licenseId: `lic_${randomUUID()}`,
    customer: values.customer ?? 'Licensed customer',
    plan: values.plan,
    issuedAt,
    // A negative number of days mints an already expired key, for tests.
    expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
    ...(Object.keys(features).length ? { features } : {}),
    ...(Object.keys(quotas).length ? { quotas } : {}),
    ...(values.suspended ? { suspended: true } : {}),
  };
  if (days < 0) candidate.issuedAt = candidate.expiresAt;
  const parsed = licenseKeyPayloadSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || 'payload'}: ${issue?.message}`);
  }
  return { key: signLicenseKey(parsed.data, values.secret), payload: parsed.data };
}
