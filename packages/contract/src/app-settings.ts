import { z } from 'zod';
import { type AppSettingKey, appSettingKeys, dateFormats, timeFormats } from './app-settings-defaults.ts';
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
  })
  .partial()
  .strict();

export const appSettingsSchema = z.object(
  Object.fromEntries(appSettingKeys.map((k) => [k, z.string()])) as { [K in AppSettingKey]: z.ZodString },
);
export const appSettingsBodySchema = z.object({ settings: appSettingsUpdateSchema });
export const appSettingsResponseSchema = z.object({ settings: appSettingsSchema });
