import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BusinessHours,
  businessHoursSchema,
  defaultBusinessHours,
  instantOfWallClock,
  secondsWithinBusinessHours,
} from './business-hours.ts';

const weekdays9to5 = defaultBusinessHours;
const at = (iso: string) => new Date(iso);
const within = (from: string, to: string, tz: string, days: BusinessHours['days'] = weekdays9to5.days) =>
  secondsWithinBusinessHours(at(from), at(to), { days }, tz);
const everyDay = (start: string, end: string): BusinessHours['days'] => [
  { start, end },
  { start, end },
  { start, end },
  { start, end },
  { start, end },
  { start, end },
  { start, end },
];

describe('secondsWithinBusinessHours', () => {
  it('counts the part of a wait inside the day’s opening', () => {
    // 2025-01-06 is a Monday.
    expect(within('2025-01-06T08:00:00Z', '2025-01-06T10:00:00Z', 'UTC')).toBe(3600);
    expect(within('2025-01-06T10:00:00Z', '2025-01-06T10:00:30.500Z', 'UTC')).toBe(30.5);
    expect(within('2025-01-06T17:00:00Z', '2025-01-07T09:00:00Z', 'UTC')).toBe(0);
    expect(within('2025-01-06T10:00:00Z', '2025-01-06T10:00:00Z', 'UTC')).toBe(0);
    expect(within('2025-01-06T11:00:00Z', '2025-01-06T10:00:00Z', 'UTC')).toBe(0);
  });

  it('skips closed days: Friday 16:00 to Monday 10:00 is two open hours', () => {
    expect(within('2025-01-10T16:00:00Z', '2025-01-13T10:00:00Z', 'UTC')).toBe(7200);
    expect(within('2025-01-06T00:00:00Z', '2025-01-13T00:00:00Z', 'UTC')).toBe(5 * 8 * 3600);
  });

  it('reads the opening in the app’s timezone, half and three-quarter hours included', () => {
    // Monday 09:00-17:00 in Kathmandu (UTC+5:45) is 03:15-11:15 UTC.
    expect(within('2025-01-06T05:00:00Z', '2025-01-07T00:00:00Z', 'Asia/Kathmandu')).toBe(6 * 3600 + 15 * 60);
    // In São Paulo (UTC-3) Friday's 17:00 is 20:00 UTC, so a wait from 19:00 UTC Friday counts an hour.
    expect(within('2025-01-10T19:00:00Z', '2025-01-11T12:00:00Z', 'America/Sao_Paulo')).toBe(3600);
  });

  it('gives a day the clocks change on its real length', () => {
    const nights = everyDay('00:00', '06:00');
    // New York jumps from 02:00 to 03:00 on 2025-03-09 and goes back from 02:00 to 01:00 on 2025-11-02.
    expect(within('2025-03-09T05:00:00Z', '2025-03-10T04:00:00Z', 'America/New_York', nights)).toBe(5 * 3600);
    expect(within('2025-11-02T04:00:00Z', '2025-11-03T05:00:00Z', 'America/New_York', nights)).toBe(7 * 3600);
    // A whole week across the spring change: six 8-hour days and the one with an hour less.
    expect(within('2025-03-08T05:00:00Z', '2025-03-15T04:00:00Z', 'America/New_York', everyDay('00:00', '08:00'))).toBe(
      6 * 8 * 3600 + 7 * 3600,
    );
    // Lord Howe Island moves by half an hour.
    expect(within('2025-04-05T13:00:00Z', '2025-04-06T13:00:00Z', 'Australia/Lord_Howe', everyDay('00:00', '06:00'))).toBe(6.5 * 3600);
  });

  it('reads skipped and repeated clock times as PostgreSQL’s AT TIME ZONE does', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    // 02:30 does not exist on the spring day: the offset before the change makes it 03:30 EDT.
    expect(new Date(instantOfWallClock(wall('2025-03-09T02:30:00'), 'America/New_York')).toISOString()).toBe('2025-03-09T07:30:00.000Z');
    // 01:30 happens twice on the autumn day: the later one (EST).
    expect(new Date(instantOfWallClock(wall('2025-11-02T01:30:00'), 'America/New_York')).toISOString()).toBe('2025-11-02T06:30:00.000Z');
    expect(new Date(instantOfWallClock(wall('2025-07-01T09:00:00'), 'Europe/Paris')).toISOString()).toBe('2025-07-01T07:00:00.000Z');
  });

  it('adds up over any split of a wait, never more than the wait, and matches a minute-by-minute count (UTC+5:30)', () => {
    const schedule: BusinessHours['days'] = [
      null,
      { start: '09:00', end: '17:30' },
      { start: '08:15', end: '12:00' },
      { start: '09:00', end: '17:00' },
      { start: '13:00', end: '23:59' },
      { start: '00:00', end: '09:45' },
      null,
    ];
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const openAt = (minute: number) => {
      const parts = Object.fromEntries(local.formatToParts(minute * 60_000).map((p) => [p.type, p.value]));
      const hours = schedule[weekday.indexOf(parts.weekday ?? '')];
      const time = `${parts.hour}:${parts.minute}`;
      return Boolean(hours && hours.start <= time && time < hours.end);
    };
    const base = Date.parse('2025-01-01T00:00:00Z') / 60_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 0, max: 6_000 }),
        (a, ab, bc) => {
          const [from, mid, to] = [base + a, base + a + ab, base + a + ab + bc];
          const seconds = (x: number, y: number) =>
            secondsWithinBusinessHours(new Date(x * 60_000), new Date(y * 60_000), { days: schedule }, 'Asia/Kolkata');
          const whole = seconds(from, to);
          expect(whole).toBe(seconds(from, mid) + seconds(mid, to));
          expect(whole).toBeLessThanOrEqual((to - from) * 60);
          let counted = 0;
          for (let minute = from; minute < to; minute++) if (openAt(minute)) counted += 60;
          expect(whole).toBe(counted);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('businessHoursSchema', () => {
  it('keeps a weekly schedule and names the day at fault', () => {
    expect(businessHoursSchema.parse(defaultBusinessHours)).toEqual(defaultBusinessHours);
    const messages = (days: unknown[]) =>
      businessHoursSchema.safeParse({ enabled: true, days }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    const week = [...defaultBusinessHours.days];
    expect(messages(week.with(1, { start: '18:00', end: '09:00' }))).toEqual([['days.1.end', 'Monday must close after it opens']]);
    expect(messages(week.with(6, { start: '9:00', end: '12:00' }))).toEqual([
      ['days.6.start', "Saturday's opening time must be a time as HH:mm"],
    ]);
    expect(messages(week.with(0, { start: '10:00', end: '24:00' }))).toEqual([
      ['days.0.end', "Sunday's closing time must be a time as HH:mm"],
    ]);
    expect(messages(week.slice(0, 5))?.[0]?.[1]).toBe('Business hours must have the seven days of the week');
    expect(businessHoursSchema.safeParse({ days: week }).error?.issues[0]?.message).toBe('Business hours must be switched on or off');
  });
});
