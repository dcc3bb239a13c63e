import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy from TRUST_PROXY: unset or "false" trusts no proxy (the socket's address is the client's), a
 * number trusts that many hops, a list trusts those proxy addresses and CIDRs. "true" is refused: it would take the
 * leftmost X-Forwarded-For, which any client writes itself.
 */
export function trustProxySetting(value: string | undefined): false | number | string[] | { problem: string } {
  const trimmed = value?.trim().toLowerCase() ?? '';
  if (trimmed === '' || trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) || false;
  const entries = trimmed
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0 || entries.length === 0) {
    return {
      problem: `TRUST_PROXY must be a hop count (such as 1) or a comma-separated list of proxy addresses or CIDRs (such as 10.0.0.0/8, loopback)${bad.length ? `; not understood: ${bad.join(', ')}` : ''}`,
    };
  }
  return entries;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://chat.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_USERNAME: z.string().min(3, 'ADMIN_USERNAME must be at least 3 characters').default('admin'),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional(),
  WHATSAPP_API_URL: z.url({ error: 'WHATSAPP_API_URL must be an absolute URL' }).optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION must look like v21.0')
    .default('v21.0'),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_BUSINESS_ACCOUNT_ID: z.string().optional(),
  /** The Meta app: template header samples go through its resumable upload (POST /{app-id}/uploads). */
  WHATSAPP_APP_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  LICENSE_KEY: z.string().optional(),
  LICENSE_HMAC_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).default('info'),
  /** Where the built web app is; tests run without it. */
  WEB_DIST_DIR: z.string().optional(),
  /** Which proxies may name the client's address in X-Forwarded-For; off by default (see trustProxySetting). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const setting = trustProxySetting(value);
      if (typeof setting === 'object' && 'problem' in setting) {
        ctx.addIssue({ code: 'custom', message: setting.problem });
        return z.NEVER;
      }
      return setting;
    }),
  /** Sign-in attempts allowed per account from one address in 15 minutes before that pair answers 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Requests per address and window on the routes anyone can call without signing in. */
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ACCOUNT_MAIL: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_TOKEN_LINKS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WEBHOOK_SIGNATURE: z.coerce.number().int().min(1).default(30),
  /** POST /api/activities per signed-in user and minute. */
  RATE_LIMIT_ACTIVITIES: z.coerce.number().int().min(1).default(60),
  /** Calls to /api/send-* per address and minute, counted before the key is looked up. */
  RATE_LIMIT_API_SENDS: z.coerce.number().int().min(1).default(600),
  /** One password-reset or verification mail per address in this many seconds; more requests are answered the same way. */
  ACCOUNT_MAIL_INTERVAL_S: z.coerce.number().int().min(0).default(300),
  /** How often templates are reconciled with Meta's list; 0 turns the periodic sync off. */
  TEMPLATE_SYNC_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** How often each server looks for scheduled jobs that came due (new jobs are announced at once). */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a campaign send whose answer was lost waits for Meta's status before its outcome is called unknown. */
  CAMPAIGN_IN_DOUBT_GRACE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /** 'off' sends campaigns as fast as the Graph API answers, ignoring their rate: for benchmarks against a local imitation only. */
  CAMPAIGN_PACING: z.enum(['on', 'off']).default('on'),
  /** A bot flow session with no activity for this long ends (a question's own no-answer time wins); decimals allowed. */
  FLOW_IDLE_MINUTES: z.coerce.number().positive().max(525_600).default(30),
  /** Nodes one step of a bot flow may run without waiting for the customer before the loop guard ends the session. */
  FLOW_MAX_STEPS: z.coerce.number().int().min(1).max(10_000).default(100),
  /** How long the sandbox takes to review a new or edited template. */
  SANDBOX_TEMPLATE_REVIEW_MS: z.coerce.number().int().min(0).default(2000),
  /** Days the usage log of API key calls is kept; older calls are deleted every hour. */
  API_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The waits before an outbound webhook delivery's 2nd, 3rd, ... attempt (the last repeats), each ±20%, for a day at most. */
  OUTBOUND_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .default('10000,30000,120000,600000,1800000,3600000,7200000,14400000')
    .refine((value) => /^\s*\d+(\s*,\s*\d+)*\s*$/.test(value), 'OUTBOUND_WEBHOOK_RETRY_DELAYS_MS must be milliseconds separated by commas')
    .transform((value) => value.split(',').map(Number)),
});

export type Config = ReturnType<typeof buildConfig>;

function buildConfig(env: z.infer<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL },
    whatsapp: {
      apiUrl: env.WHATSAPP_API_URL ?? `${publicUrl}/sandbox/graph`,
      apiVersion: env.WHATSAPP_API_VERSION,
      // The sandbox's credentials are new at every start (one process serves it), so no constant opens its Graph API.
      accessToken: env.WHATSAPP_ACCESS_TOKEN ?? randomBytes(32).toString('hex'),
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '100000000000001',
      businessAccountId: env.WHATSAPP_BUSINESS_ACCOUNT_ID ?? '200000000000001',
      appId: env.WHATSAPP_APP_ID ?? '300000000000001',
      appSecret: env.WHATSAPP_APP_SECRET ?? randomBytes(32).toString('hex'),
      verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? randomBytes(16).toString('hex'),
      sandbox: !env.WHATSAPP_API_URL,
      sandboxTemplateReviewMs: env.SANDBOX_TEMPLATE_REVIEW_MS,
    },
    templateSyncIntervalMs: env.TEMPLATE_SYNC_INTERVAL_MS,
    jobsPollIntervalMs: env.JOBS_POLL_INTERVAL_MS,
    campaignInDoubtGraceMs: env.CAMPAIGN_IN_DOUBT_GRACE_MS,
    campaignPacing: env.CAMPAIGN_PACING === 'on',
    flows: { idleMinutes: env.FLOW_IDLE_MINUTES, maxSteps: env.FLOW_MAX_STEPS },
    apiLogRetentionDays: env.API_LOG_RETENTION_DAYS,
    outboundWebhooks: { retryDelaysMs: env.OUTBOUND_WEBHOOK_RETRY_DELAYS_MS },
    smtpUrl: env.SMTP_URL,
    license: { key: env.LICENSE_KEY, hmacSecret: env.LICENSE_HMAC_SECRET },
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    trustProxy: env.TRUST_PROXY,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    rateLimits: {
      signIn: env.RATE_LIMIT_SIGN_IN,
      accountMail: env.RATE_LIMIT_ACCOUNT_MAIL,
      tokenLinks: env.RATE_LIMIT_TOKEN_LINKS,
      webhookSignature: env.RATE_LIMIT_WEBHOOK_SIGNATURE,
      activities: env.RATE_LIMIT_ACTIVITIES,
      apiSends: env.RATE_LIMIT_API_SENDS,
    },
    accountMailIntervalMs: env.ACCOUNT_MAIL_INTERVAL_S * 1000,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment once; throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const source = Object.fromEntries(Object.entries({ ...env, ...overrides }).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return buildConfig(parsed.data);
}
