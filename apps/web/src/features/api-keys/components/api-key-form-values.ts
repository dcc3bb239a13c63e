import {
  API_KEY_DEFAULT_RATE_LIMIT,
  API_KEY_MAX_IP_RANGES,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyScope,
  apiKeyCreateSchema,
  isIpRange,
} from '@wac/contract/api-keys';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type FieldErrors, firstErrors } from '../../../lib/form-errors';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The form's fields, named as the request body names them so the server's field errors land under them. */
export const apiKeyFormFields = ['name', 'scopes', 'expiresAt', 'allowedIps', 'rateLimitPerMinute'] as const;
export type ApiKeyFormField = (typeof apiKeyFormFields)[number];

export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  /** A day (YYYY-MM-DD), or '' for a key that never expires. */
  expiresAt: string;
  /** One range per line, as typed. */
  allowedIps: string;
  /** Requests per minute as typed; '' for no limit of its own. */
  rateLimitPerMinute: string;
}

/** A new key starts with the default per-minute limit, shown in the form to change or clear. */
export const emptyApiKeyForm: ApiKeyFormValues = {
  name: '',
  scopes: [],
  expiresAt: '',
  allowedIps: '',
  rateLimitPerMinute: String(API_KEY_DEFAULT_RATE_LIMIT),
};

const day = (value: string, zone: string) => {
  try {
    return dayjs.tz(value, zone);
  } catch {
    return dayjs(value);
  }
};

/** A key expires at the end of its day, as the app's timezone counts days. */
export const expiryOfDay = (value: string, zone: string) => day(value, zone).endOf('day').toISOString();

/** The day a key expires on, in the app's timezone. */
export function dayOfExpiry(expiresAt: string, zone: string): string {
  try {
    return dayjs(expiresAt).tz(zone).format('YYYY-MM-DD');
  } catch {
    return dayjs(expiresAt).format('YYYY-MM-DD');
  }
}

export function formValuesOf(key: ApiKey, zone: string): ApiKeyFormValues {
  return {
    name: key.name,
    scopes: key.scopes,
    expiresAt: key.expiresAt ? dayOfExpiry(key.expiresAt, zone) : '',
    allowedIps: key.allowedIps.join('\n'),
    rateLimitPerMinute: key.rateLimitPerMinute === null ? '' : String(key.rateLimitPerMinute),
  };
}

export const ipRangeLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The first range that is not an IP address or CIDR range, named with its line so it is easy to find in a long list. */
function ipRangesError(text: string): string | undefined {
  const lines = text.split('\n').map((line) => line.trim());
  const bad = lines.findIndex((line) => line !== '' && !isIpRange(line));
  if (bad >= 0) return `Line ${bad + 1}: ${lines[bad]} is not an IP address or CIDR range (e.g. 203.0.113.7 or 10.0.0.0/24)`;
  if (ipRangeLines(text).length > API_KEY_MAX_IP_RANGES) return `At most ${API_KEY_MAX_IP_RANGES} ranges`;
  return undefined;
}

/**
 * The request body for POST or PUT, or the message of each field that is wrong. The contract's schema holds the
 * rules, so the form refuses what the server would refuse. An expiry day left as it was (`initialExpiry`) is not sent,
 * so an expired key can still be renamed; a day that is changed must be today or later.
 */
export function apiKeyBodyOf(
  values: ApiKeyFormValues,
  zone: string,
  initialExpiry = '',
  now: Date = new Date(),
): { body: ApiKeyCreate; errors: FieldErrors<ApiKeyFormField> } {
  const rate = values.rateLimitPerMinute.trim();
  const body: ApiKeyCreate = {
    name: values.name,
    scopes: values.scopes,
    allowedIps: ipRangeLines(values.allowedIps),
    rateLimitPerMinute: rate === '' ? null : Number(rate),
  };
  if (values.expiresAt !== initialExpiry) body.expiresAt = values.expiresAt ? expiryOfDay(values.expiresAt, zone) : null;
  const parsed = apiKeyCreateSchema.safeParse(body);
  const errors: FieldErrors<ApiKeyFormField> = parsed.success ? {} : firstErrors<ApiKeyFormField>(parsed.error);
  const ipError = ipRangesError(values.allowedIps);
  if (ipError) errors.allowedIps = ipError;
  else delete errors.allowedIps;
  if (body.expiresAt && new Date(body.expiresAt) <= now) errors.expiresAt = 'The expiry day must be today or later';
  return { body, errors };
}
