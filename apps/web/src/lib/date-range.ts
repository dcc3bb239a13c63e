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
