import { z } from 'zod';
import { acceptingReadBack, pageQuery, paginationSchema } from './common.ts';

/** What a key may call: each key-authenticated send endpoint needs its own scope. */
export const apiKeyScopes = ['send:text', 'send:template', 'send:media', 'send:buttons'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'send:text': 'Send text (POST /api/send-text)',
  'send:template': 'Send templates (POST /api/send-template)',
  'send:media': 'Send media (POST /api/send-media)',
  'send:buttons': 'Send buttons and lists (POST /api/send-buttons)',
};

/** The header a key travels in; bearer tokens travel in Authorization. */
export const API_KEY_HEADER = 'x-api-key';
/** A repeated send with the same value within this long answers the first answer and sends nothing again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Secrets look like `wac_` + 43 base64url characters (32 random bytes); the first 12 characters are the visible prefix. */
export const API_KEY_SECRET_PREFIX = 'wac_';
export const API_KEY_VISIBLE_PREFIX_LENGTH = 12;

export const API_KEY_NAME_MAX = 100;
export const API_KEY_MAX_IP_RANGES = 50;
/** Requests per minute a key may make when it has a limit; unset means only the plan's daily api_calls quota. */
export const API_KEY_RATE_LIMIT_MAX = 100_000;
/** The per-minute limit of a new key that names none (an admin may change it, or clear it with null). */
export const API_KEY_DEFAULT_RATE_LIMIT = 120;

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(API_KEY_NAME_MAX, `name must be at most ${API_KEY_NAME_MAX} characters`);

const scopes = z
  .array(z.enum(apiKeyScopes, { error: `scopes must be among ${apiKeyScopes.join(', ')}` }), { error: 'scopes must be a list' })
  .min(1, 'scopes must name at least one scope')
  .max(apiKeyScopes.length)
  .transform((list) => [...new Set(list)]);

const IPV4_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-fA-F:]+(:\d{1,3}(\.\d{1,3}){3})?(\/\d{1,3})?$/;

/** True for an IPv4 or IPv6 address, alone or with a /prefix length within its family's bounds. */
export function isIpRange(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4_CIDR.test(value) && address.split('.').every((part) => Number(part) <= 255);
  const v6 = !v4 && address.includes(':') && IPV6_CIDR.test(value);
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

const ipRanges = z
  .array(
    z
      .string()
      .trim()
      .refine(isIpRange, { error: (issue) => `allowedIps: ${String(issue.input)} is not an IP address or CIDR range` }),
    { error: 'allowedIps must be a list' },
  )
  .max(API_KEY_MAX_IP_RANGES, `allowedIps may list at most ${API_KEY_MAX_IP_RANGES} ranges`);

const rateLimit = z
  .number({ error: 'rateLimitPerMinute must be a number' })
  .int('rateLimitPerMinute must be a whole number')
  .min(1, 'rateLimitPerMinute must be at least 1')
  .max(API_KEY_RATE_LIMIT_MAX, `rateLimitPerMinute must be at most ${API_KEY_RATE_LIMIT_MAX}`);

const expiresAt = z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' });

/** POST /api/keys */
export const apiKeyCreateSchema = z.strictObject({
  name,
  scopes,
  expiresAt: expiresAt.nullable().optional(),
  allowedIps: ipRanges.default([]),
  rateLimitPerMinute: rateLimit.nullable().optional(),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** PUT /api/keys/{id}: any of the fields; null clears expiry and rate limit. */
export const apiKeyUpdateSchema = z.strictObject({
  name: name.optional(),
  scopes: scopes.optional(),
  expiresAt: expiresAt.nullable().optional(),
  allowedIps: ipRanges.optional(),
  rateLimitPerMinute: rateLimit.nullable().optional(),
});
export type ApiKeyUpdate = z.input<typeof apiKeyUpdateSchema>;

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** A key as list and get show it: never its secret. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  status: z.enum(apiKeyStatuses),
  expiresAt: z.string().nullable(),
  allowedIps: z.array(z.string()),
  rateLimitPerMinute: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Calls made today (the app's timezone). */
  callsToday: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** PUT's body: the update, or the key as GET answered it. */
export const apiKeyUpdateBodySchema = acceptingReadBack(apiKeyUpdateSchema, apiKeySchema);

/** POST /api/keys answers the secret this once; it is stored only as a hash. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

/** GET /api/keys/{id}/logs: page 1, limit 20; filters by status (a code such as 429, or `errors` for 400 and above), path and time. */
export const apiKeyLogQuerySchema = z.object({
  ...pageQuery(20),
  status: z
    .union([z.literal('errors'), z.coerce.number().int().min(100).max(599)], { error: 'status must be an HTTP status or "errors"' })
    .optional(),
  path: z.string().trim().max(200).optional(),
  from: expiresAt.optional(),
  to: expiresAt.optional(),
});
export type ApiKeyLogQuery = z.input<typeof apiKeyLogQuerySchema>;

/**
 * Refused calls (revoked or expired key, address outside its ranges, missing scope, over a limit) of one key, address,
 * endpoint and reason are logged one row each for the first REFUSALS_LOGGED_EACH in a REFUSAL_WINDOW_MS window from the
 * first; the rest of the window is one row whose `calls` counts them.
 */
export const REFUSAL_WINDOW_MS = 60_000;
export const REFUSALS_LOGGED_EACH = 10;

export const apiKeyLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  latencyMs: z.number(),
  ip: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** The message the call stored, when it sent one. */
  messageId: z.number().int().nullable(),
  /** The customer's number of that message's conversation, for a link to it in /chat. */
  phone: z.string().nullable(),
  /** Answered again from an earlier call with the same Idempotency-Key (Idempotent-Replayed): nothing was sent. */
  replayed: z.boolean(),
  /** Calls the row stands for: 1, or the refused calls of a key, address, endpoint and reason past the first few in a minute. */
  calls: z.number().int(),
});
export type ApiKeyLogEntry = z.infer<typeof apiKeyLogEntrySchema>;

export const apiKeyLogListSchema = z.object({ logs: z.array(apiKeyLogEntrySchema), pagination: paginationSchema });

/** GET /api/keys/{id}/usage?days=30: calls and errors per day for the key's chart. */
export const apiKeyUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
export const apiKeyUsageSchema = z.object({
  days: z.array(z.object({ date: z.string(), calls: z.number().int(), errors: z.number().int() })),
  totalCalls: z.number().int(),
  errorRate: z.number(),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;
