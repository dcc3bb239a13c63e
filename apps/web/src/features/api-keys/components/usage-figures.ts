import type { ApiKeyUsage } from '@wac/contract/api-keys';
import dayjs from 'dayjs';

export interface UsageRow {
  date: string;
  /** The day as the app writes dates. */
  label: string;
  calls: number;
  errors: number;
}

/** Days are calendar days (YYYY-MM-DD) already counted in the app's timezone: formatted as they are, never shifted. */
export const usageRows = (usage: ApiKeyUsage, dateFormat: string): UsageRow[] =>
  usage.days.map((day) => ({ ...day, label: dayjs(day.date).format(dateFormat) }));

/** "2.5%": the percentage of calls answered with an error, one decimal below 10%. */
export function formatErrorRate(percent: number): string {
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}
