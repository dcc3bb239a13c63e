import type { AnalyticsInterval } from '@wac/contract/analytics';

/*
 * Local time worked out in JavaScript from the IANA database Intl carries, apart from PostgreSQL's: what the figures
 * test reads the seeded instants' local hours, days, weeks and months with. A "wall" is the local clock's reading as
 * milliseconds since 1970 on a clock without zones (Date.UTC of the local parts).
 */

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const quarterOf = (at: number) => Math.floor(at / QUARTER_MS) * QUARTER_MS;

export function localClock(timezone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  // Every offset of the zones used is a whole number of quarter hours, changing on a quarter hour.
  const offsets = new Map<number, number>();
  const offsetAt = (at: number): number => {
    const quarter = quarterOf(at);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const p = Object.fromEntries(format.formatToParts(quarter).map((part) => [part.type, Number(part.value)]));
      offset = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second) - quarter;
      offsets.set(quarter, offset);
    }
    return offset;
  };
  const wallOf = (at: number) => at + offsetAt(at);

  /** The first instant the local clock reads `wall` (a repeated hour's first pass); undefined when it never does. */
  function instantOf(wall: number): number | undefined {
    // Offsets lie within ±14 hours and change at most once in 30 hours: the instant has one of these offsets.
    const candidates = [-15 * HOUR_MS, 0, 15 * HOUR_MS].map((shift) => wall - offsetAt(wall + shift));
    const found = candidates.filter((at) => wallOf(at) === wall);
    return found.length === 0 ? undefined : Math.min(...found);
  }

  const periodWalls: Record<AnalyticsInterval, (wall: number) => number> = {
    hour: (wall) => Math.floor(wall / HOUR_MS) * HOUR_MS,
    day: (wall) => Math.floor(wall / DAY_MS) * DAY_MS,
    // Weeks start on Monday; 1 January 1970 was a Thursday.
    week: (wall) => Math.floor(wall / DAY_MS) * DAY_MS - ((new Date(wall).getUTCDay() + 6) % 7) * DAY_MS,
    month: (wall) => Date.UTC(new Date(wall).getUTCFullYear(), new Date(wall).getUTCMonth(), 1),
  };
  const starts = new Map<string, number>();

  return {
    wallOf,
    instantOf,
    /** The instant the local period (hour, day, week from Monday, month) holding `at` starts. */
    periodStart(interval: AnalyticsInterval, at: number): number {
      const wall = periodWalls[interval](wallOf(at));
      const id = `${interval} ${wall}`;
      let start = starts.get(id);
      if (start === undefined) {
        start = instantOf(wall);
        if (start === undefined) throw new Error(`${timezone} has no ${new Date(wall).toISOString()}`);
        starts.set(id, start);
      }
      return start;
    },
    /** The local date of `at`, YYYY-MM-DD. */
    dateOf: (at: number) => new Date(wallOf(at)).toISOString().slice(0, 10),
    /** The instant local day `date` (YYYY-MM-DD) starts. */
    dayStart(date: string): number {
      const start = instantOf(Date.parse(`${date}T00:00:00Z`));
      if (start === undefined) throw new Error(`${timezone} has no midnight on ${date}`);
      return start;
    },
  };
}

export type LocalClock = ReturnType<typeof localClock>;
