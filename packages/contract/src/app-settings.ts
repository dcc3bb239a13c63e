import { z } from 'zod';
import {
  ALLOWED_HOST_MAX_LENGTH,
  ALLOWED_HOSTS_MAX_COUNT,
  type AppSettingKey,
  type AppSettingListKey,
  type AppSettingObjectKey,
  appSettingKeys,
  dateFormats,
  isListSetting,
  KEYWORD_MAX_LENGTH,
  KEYWORDS_MAX_COUNT,
  normalizeKeywords,
  OPT_CONFIRMATION_MAX_LENGTH,
  timeFormats,
} from './app-settings-defaults.ts';
import { businessHoursSchema } from './business-hours.ts';
import { emailPattern } from './email-address.ts';

function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isCurrency(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  const supported = Intl.supportedValuesOf?.('currency');
  return supported ? supported.includes(value) : true;
}

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v),
      `${label} must be an http(s) URL or a path starting with /`,
    );

/**
 * A list of keywords, stored normalized (upper case, each once). Checked as a whole so that the message names the
 * setting rather than an index in it, and says which keyword is wrong.
 */
const keywordList = (label: string) =>
  z
    .array(z.string({ error: `${label} must be a list of words` }), { error: `${label} must be a list of words` })
    .overwrite(normalizeKeywords)
    .superRefine((keywords, ctx) => {
      const tooLong = keywords.find((k) => k.length > KEYWORD_MAX_LENGTH);
      if (keywords.includes('')) ctx.addIssue({ code: 'custom', message: `${label} must not contain blank entries` });
      else if (tooLong)
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be at most ${KEYWORD_MAX_LENGTH} characters each ("${tooLong.slice(0, 40)}" is not)`,
        });
      else if (keywords.length > KEYWORDS_MAX_COUNT)
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${KEYWORDS_MAX_COUNT} words` });
    });

/** The text sent back for an opt-out or opt-in word; blank sends nothing. */
const optConfirmation = (label: string) =>
  z
    .string({ error: `${label} must be a text` })
    .trim()
    .max(OPT_CONFIRMATION_MAX_LENGTH, `${label} must be at most ${OPT_CONFIRMATION_MAX_LENGTH} characters`);

/** `host`, `host:port`, `[ipv6]` or `[ipv6]:port`, or a pasted http(s) URL whose host is taken. */
const allowedHostPattern = /^(?:https?:\/\/)?(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?|\[[0-9a-f:.]+\])(?::\d{1,5})?\/?$/;

/** Hosts a flow's HTTP actions or outbound webhooks may call at private addresses: stored trimmed, lower-cased and once each. */
const allowedHostList = (label: string) =>
  z
    .array(z.string({ error: `${label} must be a list of host names` }), { error: `${label} must be a list of host names` })
    .overwrite((hosts) => [...new Set(hosts.map((host) => host.trim().toLowerCase()))])
    .superRefine((hosts, ctx) => {
      const bad = hosts.find((host) => host !== '' && (host.length > ALLOWED_HOST_MAX_LENGTH || !allowedHostPattern.test(host)));
      if (hosts.includes('')) ctx.addIssue({ code: 'custom', message: `${label} must not contain blank entries` });
      else if (bad !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `${label} are written api.example.com, api.example.com:8443 or [::1]:8080 ("${bad.slice(0, 60)}" is not)`,
        });
      else if (hosts.length > ALLOWED_HOSTS_MAX_COUNT)
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${ALLOWED_HOSTS_MAX_COUNT} entries` });
    });

/** Every setting is optional in an update; each is checked on its own so the message names it. */
export const appSettingsUpdateSchema = z
  .object({
    'app.name': z.string().trim().min(1, 'App name is required').max(100, 'App name must be at most 100 characters'),
    'app.description': z.string().trim().max(500, 'App description must be at most 500 characters'),
    'app.url': optionalUrl('App URL'),
    'app.terms_url': optionalUrl('Terms URL'),
    'app.privacy_url': optionalUrl('Privacy URL'),
    'app.support_email': z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || emailPattern.test(v), 'Support email must be a valid email address'),
    'app.date_format': z.enum(dateFormats, { error: `Date format must be one of ${dateFormats.join(', ')}` }),
    'app.time_format': z.enum(timeFormats, { error: 'Time format must be 12h or 24h' }),
    'app.timezone': z.string().trim().refine(isTimezone, 'Timezone must be an IANA timezone such as Europe/Paris'),
    'app.language': z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Language must be a language code such as en or pt-BR'),
    'app.currency': z.string().trim().refine(isCurrency, 'Currency must be an ISO 4217 code such as USD'),
    'app.logo_url': optionalUrl('Logo URL'),
    'app.favicon_url': optionalUrl('Favicon URL'),
    'app.opt_out_keywords': keywordList('Opt-out keywords'),
    'app.opt_in_keywords': keywordList('Opt-in keywords'),
    'app.opt_out_confirmation': optConfirmation('Opt-out confirmation'),
    'app.opt_in_confirmation': optConfirmation('Opt-in confirmation'),
    'flows.allowed_hosts': allowedHostList('Allowed hosts'),
    'webhooks.allowed_hosts': allowedHostList('Webhook allowed hosts'),
    'analytics.businessHours': businessHoursSchema,
    'app.read_receipts': z.enum(['on', 'off'], { error: 'Read receipts must be on or off' }),
    'app.marketing_messages_api': z.enum(['on', 'off'], { error: 'Marketing Messages API must be on or off' }),
  })
  .partial()
  .strict();

const storedSetting = (key: AppSettingKey) => {
  if (key === 'analytics.businessHours') return businessHoursSchema;
  return isListSetting(key) ? z.array(z.string()).readonly() : z.string();
};

export const appSettingsSchema = z.object(
  Object.fromEntries(appSettingKeys.map((k) => [k, storedSetting(k)])) as {
    [K in AppSettingKey]: K extends AppSettingListKey
      ? z.ZodReadonly<z.ZodArray<z.ZodString>>
      : K extends AppSettingObjectKey
        ? typeof businessHoursSchema
        : z.ZodString;
  },
);
export const appSettingsBodySchema = z.object({ settings: appSettingsUpdateSchema });
export const appSettingsResponseSchema = z.object({ settings: appSettingsSchema });
