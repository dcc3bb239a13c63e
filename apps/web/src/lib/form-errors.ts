import { z } from 'zod';
import { ApiError, errorMessage } from './api-client';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message for each field of a failed parse, as forms show them under their fields. */
export function firstErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors) as [K, string[] | undefined][]) {
    if (messages?.[0]) errors[field] = messages[0];
  }
  return errors;
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
