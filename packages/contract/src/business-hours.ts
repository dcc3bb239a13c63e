import { z } from 'zod';
import { DEFAULT_BUSINESS_HOURS } from './app-settings-defaults.ts';

export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (label: string) => z.string().regex(TIME_OF_DAY, `${label} must be a time as HH:mm`);

/** One day's opening, named in its messages ("Monday must close after it opens"). */
const opening = (day: string) =>
  z
    .object({ start: timeOfDay(`${day}'s opening time`), end: timeOfDay(`${day}'s closing time`) })
    .refine((o) => o.start < o.end, {
      message: `${day} must close after it opens`,
      path: ['end'],
      when: ({ value }) =>
        TIME_OF_DAY.test((value as { start?: unknown }).start as string) && TIME_OF_DAY.test((value as { end?: unknown }).end as string),
    })
    .nullable();

/**
 * The business's weekly opening hours (Settings, `analytics.businessHours`), in the app's timezone: waiting times can be
 * read within them only. `days[d]` is the opening of day d (0 Sunday), null when closed; an opening ends after it
 * starts, on the same day.
 */
export const businessHoursSchema = z.object(
  {
    enabled: z.boolean({ error: 'Business hours must be switched on or off' }),
    days: z.tuple(
      [
        opening('Sunday'),
        opening('Monday'),
        opening('Tuesday'),
        opening('Wednesday'),
        opening('Thursday'),
        opening('Friday'),
        opening('Saturday'),
      ],
      { error: 'Business hours must have the seven days of the week' },
    ),
  },
  { error: 'Business hours must be a weekly schedule' },
);
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** Switched off, Monday to Friday 09:00-17:00 once switched on. */
export const defaultBusinessHours: BusinessHours = DEFAULT_BUSINESS_HOURS;

const MS_PER_DAY = 86_400_000;
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timezone` at `instant`, written as if it were UTC (its offset is this minus the instant). */
function wallClock(instant: number, timezone: string): number {
  let clock = clocks.get(timezone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timezone, clock);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of clock.formatToParts(instant)) part[type] = Number(value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((instant % 1000) + 1000) % 1000);
}

const offsetAt = (instant: number, timezone: string) => wallClock(instant, timezone) - instant;

/**
 * The instant at which the clocks of `timezone` read `wall` (a wall-clock time written as UTC), read as PostgreSQL's
 * `timestamp AT TIME ZONE` reads it, so that SQL can mirror it: a time skipped by a change to summer time takes the
 * offset before the change (02:30 on a day clocks jump from 02:00 to 03:00 is 03:30), a time that happens twice when
 * clocks go back takes the offset after the change (the second, later one).
 */
export function instantOfWallClock(wall: number, timezone: string): number {
  const before = offsetAt(wall - MS_PER_DAY, timezone);
  const after = offsetAt(wall + MS_PER_DAY, timezone);
  if (before === after) return wall - before;
  const late = wall - after;
  return offsetAt(late, timezone) === after ? late : wall - before;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Seconds of [from, to) within the schedule's openings, in the app's timezone: each local day's opening runs from the
 * instant its clocks read `start` to the instant they read `end` (read as `instantOfWallClock` reads them), so a day
 * clocks change on has its real length (an opening 00:00-06:00 lasts 5 hours when clocks jump forward, 7 when they go
 * back). Exact to the millisecond (fractions of a second when the ends have them); 0 when `to` is not after `from`.
 * It counts whatever `schedule.enabled` says: whether to read times within business hours at all is the caller's choice.
 */
export function secondsWithinBusinessHours(from: Date, to: Date, schedule: Pick<BusinessHours, 'days'>, timezone: string): number {
  const [start, end] = [from.getTime(), to.getTime()];
  if (!(end > start)) return 0;
  let open = 0;
  // From the local day before `from`'s to `to`'s: every opening that could overlap the range.
  const firstDay = Math.floor(wallClock(start, timezone) / MS_PER_DAY) * MS_PER_DAY - MS_PER_DAY;
  const lastDay = Math.floor(wallClock(end, timezone) / MS_PER_DAY) * MS_PER_DAY;
  for (let day = firstDay; day <= lastDay; day += MS_PER_DAY) {
    const hours = schedule.days[new Date(day).getUTCDay()];
    if (!hours) continue;
    const opens = instantOfWallClock(day + minutesOf(hours.start) * 60_000, timezone);
    const closes = instantOfWallClock(day + minutesOf(hours.end) * 60_000, timezone);
    open += Math.max(0, Math.min(closes, end) - Math.max(opens, start));
  }
  return open / 1000;
}
