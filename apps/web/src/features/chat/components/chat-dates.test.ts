import { describe, expect, it } from 'vitest';
import { conversationTime, dayLabel } from './chat-dates';

const settings = { 'app.date_format': 'DD/MM/YYYY', 'app.time_format': '24h', 'app.timezone': 'UTC' } as const;
const now = new Date('2025-06-10T15:00:00.000Z');

describe('dayLabel', () => {
  it("says Today and Yesterday, else the date in the app's format", () => {
    expect(dayLabel('2025-06-10T01:00:00.000Z', now, settings)).toBe('Today');
    expect(dayLabel('2025-06-09T23:00:00.000Z', now, settings)).toBe('Yesterday');
    expect(dayLabel('2025-06-08T12:00:00.000Z', now, settings)).toBe('08/06/2025');
    expect(dayLabel('2025-06-08T12:00:00.000Z', now, { ...settings, 'app.date_format': 'MMM DD, YYYY' })).toBe('Jun 08, 2025');
  });
});

describe('conversationTime', () => {
  it('shows the time today in the chosen clock, Yesterday, then the date', () => {
    expect(conversationTime('2025-06-10T14:05:00.000Z', now, settings)).toBe('14:05');
    expect(conversationTime('2025-06-10T14:05:00.000Z', now, { ...settings, 'app.time_format': '12h' })).toBe('2:05 PM');
    expect(conversationTime('2025-06-09T08:00:00.000Z', now, settings)).toBe('Yesterday');
    expect(conversationTime('2025-05-30T08:00:00.000Z', now, settings)).toBe('30/05/2025');
  });

  it("counts days in the app's time zone", () => {
    // 02:00 UTC on 10 June is 9 June in New York.
    expect(conversationTime('2025-06-10T02:00:00.000Z', now, { ...settings, 'app.timezone': 'America/New_York' })).toBe('Yesterday');
  });
});
