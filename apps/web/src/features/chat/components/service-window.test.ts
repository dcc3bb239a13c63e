import { describe, expect, it } from 'vitest';
import { isWindowOpen, windowCountdownText, windowExpiry } from './service-window';

const now = new Date('2025-06-10T12:00:00.000Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('windowCountdownText', () => {
  it('shows hours and minutes, then minutes, then less than a minute', () => {
    expect(windowCountdownText(inMinutes(5 * 60 + 12), now)).toBe('Window closes in 5h 12m');
    expect(windowCountdownText(inMinutes(23 * 60 + 59.9), now)).toBe('Window closes in 23h 59m');
    expect(windowCountdownText(inMinutes(60), now)).toBe('Window closes in 1h 0m');
    expect(windowCountdownText(inMinutes(8.5), now)).toBe('Window closes in 8m');
    expect(windowCountdownText(inMinutes(0.5), now)).toBe('Window closes in less than a minute');
  });
});

describe('windowExpiry and isWindowOpen', () => {
  it('uses the summary’s expiry, else 24 hours after the last customer message', () => {
    expect(windowExpiry({ lastInboundAt: null, windowExpiresAt: '2025-06-10T13:00:00.000Z' })?.toISOString()).toBe(
      '2025-06-10T13:00:00.000Z',
    );
    expect(windowExpiry({ lastInboundAt: '2025-06-09T18:00:00.000Z', windowExpiresAt: null })?.toISOString()).toBe(
      '2025-06-10T18:00:00.000Z',
    );
  });

  it('is closed when the customer never wrote, or once the 24 hours are over', () => {
    expect(windowExpiry(null)).toBeNull();
    expect(windowExpiry({ lastInboundAt: null, windowExpiresAt: null })).toBeNull();
    expect(isWindowOpen(null, now)).toBe(false);
    expect(isWindowOpen(inMinutes(1), now)).toBe(true);
    expect(isWindowOpen(now, now)).toBe(false);
    expect(isWindowOpen(inMinutes(-1), now)).toBe(false);
  });
});
