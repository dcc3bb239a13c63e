import { appSettingsUpdateSchema } from '@wac/contract/app-settings';
import { type AppSettingKey, type AppSettings, appSettingKeys } from '@wac/contract/app-settings-defaults';
import { emailSettingsUpdateSchema, emailTemplateUpdateSchema } from '@wac/contract/email';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

function firstErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors) as [K, string[] | undefined][]) {
    if (messages?.[0]) errors[field] = messages[0];
  }
  return errors;
}

/** The keys whose value differs from what is saved: only those are sent. */
export function changedAppSettings(saved: AppSettings, values: AppSettings): Partial<AppSettings> {
  const changes: Partial<AppSettings> = {};
  for (const key of appSettingKeys) if (values[key] !== saved[key]) changes[key] = values[key];
  return changes;
}

/** The same schema PUT /api/app/settings checks, so the messages match the server's. */
export function validateAppSettings(changes: Partial<AppSettings>) {
  const result = appSettingsUpdateSchema.safeParse(changes);
  if (result.success) return { data: result.data as Partial<AppSettings>, errors: {} as FieldErrors<AppSettingKey> };
  return { data: undefined, errors: firstErrors<AppSettingKey>(result.error) };
}

export interface SmtpFormValues {
  enabled: boolean;
  host: string;
  port: string;
  secure: boolean;
  user: string;
  password: string;
  from: string;
  requireVerification: boolean;
}

/** An empty password means 'keep the stored one', so it is left out of the update. */
export function validateSmtpSettings(values: SmtpFormValues) {
  const port = values.port.trim() === '' ? Number.NaN : Number(values.port);
  const { password, ...rest } = values;
  const input = { ...rest, port, ...(password !== '' ? { password } : {}) };
  const result = emailSettingsUpdateSchema.safeParse(input);
  const errors: FieldErrors<keyof SmtpFormValues> = result.success ? {} : firstErrors<keyof SmtpFormValues>(result.error);
  if (Number.isNaN(port)) errors.port = 'SMTP port must be a number';
  if (values.enabled && values.host.trim() === '') errors.host = 'SMTP host is required to send through this server';
  const ok = result.success && Object.keys(errors).length === 0;
  return { data: ok ? result.data : undefined, errors };
}

/** Templates that carry a link are useless without it; the server refuses them with the same words. */
export function validateEmailTemplate(template: { subject: string; text: string }, variables: readonly string[] = []) {
  const result = emailTemplateUpdateSchema.safeParse({ template });
  const errors: FieldErrors<'subject' | 'text'> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[1];
      if ((field === 'subject' || field === 'text') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.text && variables.includes('link') && !/\{\{\s*link\s*\}\}/.test(template.text)) {
    errors.text = 'Text must contain {{link}}, or the email cannot be used';
  }
  if (!result.success || errors.text) return { data: undefined, errors };
  return { data: result.data.template, errors };
}

/**
 * The server names the field of a validation error in `details` (e.g. `settings.app.timezone`);
 * those go under their field, anything else is shown above the form.
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): { fields: FieldErrors<K>; message?: string } {
  const message = errorMessage(error);
  const found: FieldErrors<K> = {};
  const details = error instanceof ApiError ? (error.body as { details?: unknown } | null)?.details : undefined;
  if (Array.isArray(details)) {
    for (const detail of details as { field?: unknown; message?: unknown }[]) {
      if (typeof detail?.field !== 'string' || typeof detail.message !== 'string') continue;
      const name = detail.field.replace(/^(settings|template)\./, '') as K;
      if (fields.includes(name) && !found[name]) found[name] = detail.message;
    }
  }
  return Object.keys(found).length > 0 ? { fields: found } : { fields: found, message };
}
