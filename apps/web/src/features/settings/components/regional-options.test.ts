import { describe, expect, it } from 'vitest';
import { previewDate, previewDateTime, timezoneOptions } from './regional-options';

const at = new Date('2025-03-09T18:05:00Z');

describe('previewDateTime', () => {
  it('shows the chosen date format, time format and zone', () => {
    expect(previewDateTime(at, 'DD/MM/YYYY', '24h', 'UTC')).toBe('09/03/2025 18:05');
    expect(previewDateTime(at, 'MMM DD, YYYY', '12h', 'UTC')).toBe('Mar 09, 2025 6:05 PM');
    expect(previewDateTime(at, 'YYYY-MM-DD', '24h', 'Asia/Kolkata')).toBe('2025-03-09 23:35');
  });

  it('stays in UTC for a zone that does not exist', () => {
    expect(previewDateTime(at, 'YYYY-MM-DD', '24h', 'Mars/Base')).toBe('2025-03-09 18:05');
  });

  it('formats a date alone', () => {
    expect(previewDate(at, 'MMMM DD, YYYY')).toBe('March 09, 2025');
  });
});

describe('timezoneOptions', () => {
  it('lists UTC first and keeps the saved zone', () => {
    const zones = timezoneOptions('Europe/Paris');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
