import { appSettingsUpdateSchema } from '@wac/contract/app-settings';
import { type AppSettingKey, type AppSettings, appSettingKeys } from '@wac/contract/app-settings-defaults';
import { type FieldErrors, firstErrors } from '../../../lib/form-errors';

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
