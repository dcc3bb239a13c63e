import type { AppSettings } from '@wac/contract/app-settings-defaults';
import { formatDate, formatTime } from '../../../lib/format-date';

export type DateSettings = Pick<AppSettings, 'app.date_format' | 'app.time_format' | 'app.timezone'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day in the app's time zone, for grouping. */
export function dayKey(value: string | Date, settings: DateSettings): string {
  return formatDate(value, { ...settings, 'app.date_format': 'YYYY-MM-DD' });
}

function relativeDay(value: string, now: Date, settings: DateSettings): 'Today' | 'Yesterday' | null {
  const day = dayKey(value, settings);
  if (day === dayKey(now, settings)) return 'Today';
  if (day === dayKey(new Date(now.getTime() - DAY_MS), settings)) return 'Yesterday';
  return null;
}

/** A thread's day separator: 'Today', 'Yesterday', else the date in the app's format. */
export function dayLabel(value: string, now: Date, settings: DateSettings): string {
  return relativeDay(value, now, settings) ?? formatDate(value, settings);
}

/** The time beside a conversation in the list: the time today, 'Yesterday', else the date. */
export function conversationTime(value: string, now: Date, settings: DateSettings): string {
  const relative = relativeDay(value, now, settings);
  if (relative === 'Today') return formatTime(value, settings);
  return relative ?? formatDate(value, settings);
}
