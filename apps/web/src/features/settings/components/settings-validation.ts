import { appSettingsUpdateSchema } from '@wac/contract/app-settings';
import {
  type AppSettingKey,
  type AppSettings,
  appSettingKeys,
  isListSetting,
  normalizeKeywords,
} from '@wac/contract/app-settings-defaults';
import { type FieldErrors, firstErrors } from '../../../lib/form-errors';

/** The lines of a keyword box worth sending: trimmed, blank ones dropped (an empty line is not a keyword). */
export function keywordLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter(Boolean);
}

/** Keyword lists are compared as the server stores them, so retyping a word in lower case is no change. */
function sameValue(key: AppSettingKey, saved: AppSettings[AppSettingKey], value: AppSettings[AppSettingKey]): boolean {
  if (!isListSetting(key)) return saved === value;
  return (
    normalizeKeywords(saved as readonly string[]).join('\n') === normalizeKeywords(keywordLines(value as readonly string[])).join('\n')
  );
}

/** The keys whose value differs from what is saved: only those are sent. */
export function changedAppSettings(saved: AppSettings, values: AppSettings): Partial<AppSettings> {
  const changes: Partial<Record<AppSettingKey, unknown>> = {};
  for (const key of appSettingKeys) {
    if (sameValue(key, saved[key], values[key])) continue;
    changes[key] = isListSetting(key) ? keywordLines(values[key]) : values[key];
  }
  return changes as Partial<AppSettings>;
}

/** The same schema PUT /api/app/settings checks, so the messages match the server's. */
export function validateAppSettings(changes: Partial<AppSettings>) {
  const result = appSettingsUpdateSchema.safeParse(changes);
  if (result.success) return { data: result.data as Partial<AppSettings>, errors: {} as FieldErrors<AppSettingKey> };
  return { data: undefined, errors: firstErrors<AppSettingKey>(result.error) };
}
