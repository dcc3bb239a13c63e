import { describe, expect, it } from 'vitest';
import { isoToZonedTime, zonedTimeToIso, zoneOffsetLabel } from './schedule-time';

describe('schedule time in the app timezone', () => {
  it('turns the wall-clock time typed into an ISO time with the zone’s offset, daylight saving included', () => {
    expect(zonedTimeToIso('2026-12-01T09:00', 'Europe/Lisbon')).toBe('2026-12-01T09:00:00+00:00');
    expect(zonedTimeToIso('2026-07-01T09:00', 'Europe/Lisbon')).toBe('2026-07-01T09:00:00+01:00');
    expect(zonedTimeToIso('2026-07-01T09:30', 'America/Sao_Paulo')).toBe('2026-07-01T09:30:00-03:00');
    expect(zonedTimeToIso('2026-07-01T09:30', 'Asia/Kolkata')).toBe('2026-07-01T09:30:00+05:30');
    expect(zonedTimeToIso('2026-07-01T09:30', 'UTC')).toBe('2026-07-01T09:30:00+00:00');
  });

  it('names the same instant the server will store', () => {
    const iso = zonedTimeToIso('2026-03-29T01:30', 'Europe/Berlin') as string;
    expect(new Date(iso).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(isoToZonedTime('2026-07-01T08:00:00.000Z', 'Europe/Lisbon')).toBe('2026-07-01T09:00');
  });

  it('refuses an incomplete value and falls back to UTC for an unknown zone', () => {
    expect(zonedTimeToIso('', 'UTC')).toBeNull();
    expect(zonedTimeToIso('2026-07-01', 'UTC')).toBeNull();
    expect(zonedTimeToIso('2026-07-01T09:00', 'Mars/Olympus')).toBe('2026-07-01T09:00:00+00:00');
  });

  it('shows the zone’s offset at that instant', () => {
    expect(zoneOffsetLabel('Europe/Lisbon', new Date('2026-07-01T12:00:00Z'))).toBe('UTC+01:00');
    expect(zoneOffsetLabel('Europe/Lisbon', new Date('2026-01-01T12:00:00Z'))).toBe('UTC+00:00');
  });
});
