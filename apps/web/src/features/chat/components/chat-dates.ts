import type { AppSettings } from '@wac/contract/app-settings-defaults';
import { formatDate, formatTime } from '../../../lib/format-date';

export type DateSettings = Pick<AppSettings, 'app.date_format' | 'app.time_format' | 'app.timezone'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_LIMIT = 50_000;

// dayjs's time-zone conversion costs up to a millisecond per call on a slow machine; a thread
// groups thousands of messages by day, so that uses one cached Intl formatter per zone, and the
// texts shown are computed once each.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const formatted = new Map<string, string>();

function dayFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // An unknown zone falls back to the browser's, as lib/format-date does.
      formatter = new Intl.DateTimeFormat('en-US', options);
    }
    dayFormatters.set(zone, formatter);
  }
  return formatter;
}

function remembered(kind: string, value: string, settings: DateSettings, compute: () => string): string {
  const key = `${kind}|${settings['app.timezone']}|${settings['app.date_format']}|${settings['app.time_format']}|${value}`;
  let result = formatted.get(key);
  if (result === undefined) {
    if (formatted.size >= CACHE_LIMIT) formatted.clear();
    result = compute();
    formatted.set(key, result);
  }
  return result;
}

/** The calendar day in the app's time zone (YYYY-MM-DD), for grouping. */
export function dayKey(value: string | Date, settings: DateSettings): string {
  const parts = dayFormatter(settings['app.timezone']).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A message's time in the app's clock (12h or 24h) and zone. */
export function messageTime(value: string, settings: DateSettings): string {
  return remembered('time', value, settings, () => formatTime(value, settings));
}

function shortDate(value: string, settings: DateSettings): string {
  return remembered('date', value, settings, () => formatDate(value, settings));
}

function relativeDay(value: string, now: Date, settings: DateSettings): 'Today' | 'Yesterday' | null {
  const day = dayKey(value, settings);
  if (day === dayKey(now, settings)) return 'Today';
  if (day === dayKey(new Date(now.getTime() - DAY_MS), settings)) return 'Yesterday';
  return null;
}

/** A thread's day separator: 'Today', 'Yesterday', else the date in the app's format. */
export function dayLabel(value: string, now: Date, settings: DateSettings): string {
  return relativeDay(value, now, settings) ?? shortDate(value, settings);
}

/** The time beside a conversation in the list: the time today, 'Yesterday', else the date. */
export function conversationTime(value: string, now: Date, settings: DateSettings): string {
  const relative = relativeDay(value, now, settings);
  if (relative === 'Today') return messageTime(value, settings);
  return relative ?? shortDate(value, settings);
}
