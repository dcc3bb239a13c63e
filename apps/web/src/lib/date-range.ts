import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_RANGE_DAYS = 30;

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The last 30 days, today included, as the app's timezone counts days (the server reads the dates the same way). */
export function defaultRange(now: Date, zone: string): DateRange {
  let today: dayjs.Dayjs;
  try {
    today = dayjs(now).tz(zone);
  } catch {
    today = dayjs(now);
  }
  return {
    startDate: today.subtract(DEFAULT_RANGE_DAYS - 1, 'day').format('YYYY-MM-DD'),
    endDate: today.format('YYYY-MM-DD'),
  };
}

/** Why the range cannot be asked for, or null when it can. */
export function rangeError(startDate: string, endDate: string): string | null {
  if (startDate && endDate && startDate > endDate) return 'The start date must be on or before the end date.';
  return null;
}

/** The dates an address names (?startDate=&endDate=, as a dashboard's drill-down links), those that are real dates. */
export function datesFromSearch(params: URLSearchParams): Partial<DateRange> {
  const dates: Partial<DateRange> = {};
  for (const key of ['startDate', 'endDate'] as const) {
    const value = params.get(key);
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format('YYYY-MM-DD') === value) dates[key] = value;
  }
  return dates;
}
