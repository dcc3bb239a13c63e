import { type AnalyticsInterval, analyticsIntervals, MAX_ANALYTICS_BUCKETS, MAX_ANALYTICS_RANGE_DAYS } from '@wac/contract/analytics';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { rangeError } from '../../lib/date-range';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What a dashboard shows: whole local days (YYYY-MM-DD, end included) and the width of a chart's points. */
export interface DashboardRange {
  startDate: string;
  endDate: string;
  interval: AnalyticsInterval;
}

export const rangePresets = [
  { id: 'last-7-days', label: 'Last 7 days', interval: 'day' },
  { id: 'last-30-days', label: 'Last 30 days', interval: 'day' },
  { id: 'last-90-days', label: 'Last 90 days', interval: 'week' },
  { id: 'this-month', label: 'This month', interval: 'day' },
  { id: 'last-12-months', label: 'Last 12 months', interval: 'month' },
] as const satisfies readonly { id: string; label: string; interval: AnalyticsInterval }[];
export type RangePresetId = (typeof rangePresets)[number]['id'];

/** The range a dashboard opens with when its address names none. */
export const DEFAULT_PRESET: RangePresetId = 'last-30-days';

const DATE = 'YYYY-MM-DD';

/** Today's date in the app's timezone (the server reads dates in it too). */
export function todayIn(now: Date, zone: string): string {
  try {
    return dayjs(now).tz(zone).format(DATE);
  } catch {
    return dayjs(now).format(DATE);
  }
}

function isDate(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DATE) === value;
}

/** A preset's dates, ending today. */
export function presetRange(id: RangePresetId, today: string): DashboardRange {
  const preset = rangePresets.find((p) => p.id === id) ?? rangePresets[1];
  const end = dayjs(today);
  const start = {
    'last-7-days': () => end.subtract(6, 'day'),
    'last-30-days': () => end.subtract(29, 'day'),
    'last-90-days': () => end.subtract(89, 'day'),
    'this-month': () => end.startOf('month'),
    'last-12-months': () => end.subtract(11, 'month').startOf('month'),
  }[preset.id]();
  return { startDate: start.format(DATE), endDate: today, interval: preset.interval };
}

/** The preset whose dates these are today, else null (a custom range). */
export function matchingPreset(range: Pick<DashboardRange, 'startDate' | 'endDate'>, today: string): RangePresetId | null {
  const match = rangePresets.find((p) => {
    const dates = presetRange(p.id, today);
    return dates.startDate === range.startDate && dates.endDate === range.endDate;
  });
  return match?.id ?? null;
}

/** The range an address asks for (?from=&to=&interval=); what is missing or not a date is the default's. */
export function rangeFromSearch(params: URLSearchParams, today: string): DashboardRange {
  const fallback = presetRange(DEFAULT_PRESET, today);
  const from = params.get('from');
  const to = params.get('to');
  const interval = params.get('interval');
  return {
    startDate: isDate(from) ? from : fallback.startDate,
    endDate: isDate(to) ? to : fallback.endDate,
    interval: analyticsIntervals.find((i) => i === interval) ?? fallback.interval,
  };
}

/** The address's query with this range written in it, other parameters kept. */
export function searchWithRange(params: URLSearchParams, range: DashboardRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('from', range.startDate);
  next.set('to', range.endDate);
  next.set('interval', range.interval);
  return next;
}

/** How many points a chart of this range would have (the server refuses more than MAX_ANALYTICS_BUCKETS). */
export function bucketCount(range: DashboardRange): number {
  const start = dayjs(range.startDate);
  const end = dayjs(range.endDate);
  const days = end.diff(start, 'day') + 1;
  if (range.interval === 'hour') return days * 24;
  if (range.interval === 'day') return days;
  if (range.interval === 'week') return Math.ceil(days / 7) + 1;
  return end.startOf('month').diff(start.startOf('month'), 'month') + 1;
}

/** Why the server would refuse this range, in words, or null when it can be asked for. */
export function rangeProblem(range: DashboardRange): string | null {
  const order = rangeError(range.startDate, range.endDate);
  if (order) return order;
  if (dayjs(range.endDate).diff(dayjs(range.startDate), 'day') + 1 > MAX_ANALYTICS_RANGE_DAYS) {
    return `Choose at most ${MAX_ANALYTICS_RANGE_DAYS} days (two years).`;
  }
  if (bucketCount(range) > MAX_ANALYTICS_BUCKETS) {
    return `These dates make more than ${MAX_ANALYTICS_BUCKETS} points by ${range.interval}: choose a longer interval.`;
  }
  return null;
}

/**
 * The local days a chart's point covers (its bucket is the instant its local hour, day, week or month starts), kept
 * inside the range: what a drill-down asks the conversation report for.
 */
export function bucketDates(bucket: string, range: DashboardRange, zone: string): { startDate: string; endDate: string } {
  let start = dayjs(bucket);
  try {
    start = start.tz(zone);
  } catch {
    // An unknown zone reads the browser's.
  }
  const last = range.interval === 'hour' || range.interval === 'day' ? start : start.add(1, range.interval).subtract(1, 'day');
  const startDate = start.format(DATE);
  const endDate = last.format(DATE);
  return {
    startDate: startDate < range.startDate ? range.startDate : startDate,
    endDate: endDate > range.endDate ? range.endDate : endDate,
  };
}

const bucketPatterns: Record<AnalyticsInterval, string> = {
  hour: 'D MMM HH:mm',
  day: 'D MMM',
  week: '[Week of] D MMM',
  month: 'MMM YYYY',
};

/** A point's label on an axis and in its table: "3 Mar", "Week of 3 Mar", "Mar 2026", read in the app's timezone. */
export function bucketLabel(bucket: string, interval: AnalyticsInterval, zone: string): string {
  let at = dayjs(bucket);
  try {
    at = at.tz(zone);
  } catch {
    // An unknown zone reads the browser's.
  }
  return at.format(bucketPatterns[interval]);
}

/** The conversation report for these days (it reads startDate and endDate from its address). */
export function conversationReportPath(dates: { startDate: string; endDate: string }): string {
  return `/reports/conversations?${new URLSearchParams(dates).toString()}`;
}
