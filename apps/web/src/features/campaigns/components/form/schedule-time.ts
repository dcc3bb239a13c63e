import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The value of a datetime-local input: '2026-12-01T09:00'. */
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function zoneOrUtc(zone: string): string {
  try {
    dayjs().tz(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

/** A wall-clock time in the app's timezone as an ISO time with that zone's offset: '2026-12-01T09:00:00+01:00'; null when incomplete. */
export function zonedTimeToIso(local: string, zone: string): string | null {
  if (!LOCAL.test(local)) return null;
  const time = dayjs.tz(local, 'YYYY-MM-DDTHH:mm', zoneOrUtc(zone));
  return time.isValid() ? time.format('YYYY-MM-DDTHH:mm:ssZ') : null;
}

/** An instant as the app's timezone shows it, for a datetime-local input. */
export function isoToZonedTime(iso: string, zone: string): string {
  return dayjs(iso).tz(zoneOrUtc(zone)).format('YYYY-MM-DDTHH:mm');
}

/** 'UTC+01:00' at that instant (daylight saving changes it). */
export function zoneOffsetLabel(zone: string, at: Date = new Date()): string {
  return `UTC${dayjs(at).tz(zoneOrUtc(zone)).format('Z')}`;
}
