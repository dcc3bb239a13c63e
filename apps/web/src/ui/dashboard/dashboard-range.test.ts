import { describe, expect, it } from 'vitest';
import {
  bucketDates,
  bucketLabel,
  conversationReportPath,
  matchingPreset,
  presetRange,
  rangeFromSearch,
  rangeProblem,
  searchWithRange,
  todayIn,
} from './dashboard-range';

const today = '2026-03-18';

describe('dashboard range', () => {
  it('gives each preset its dates, ending today, and its interval', () => {
    expect(presetRange('last-7-days', today)).toEqual({ startDate: '2026-03-12', endDate: today, interval: 'day' });
    expect(presetRange('last-30-days', today)).toEqual({ startDate: '2026-02-17', endDate: today, interval: 'day' });
    expect(presetRange('last-90-days', today)).toEqual({ startDate: '2025-12-19', endDate: today, interval: 'week' });
    expect(presetRange('this-month', today)).toEqual({ startDate: '2026-03-01', endDate: today, interval: 'day' });
    expect(presetRange('last-12-months', today)).toEqual({ startDate: '2025-04-01', endDate: today, interval: 'month' });
  });

  it('recognises a preset by its dates, and custom dates as none', () => {
    expect(matchingPreset({ startDate: '2026-03-12', endDate: today }, today)).toBe('last-7-days');
    expect(matchingPreset({ startDate: '2026-03-01', endDate: today }, today)).toBe('this-month');
    expect(matchingPreset({ startDate: '2026-03-02', endDate: today }, today)).toBeNull();
  });

  it('reads ?from=&to=&interval= from the address, the last 30 days by day for what is missing or wrong', () => {
    expect(rangeFromSearch(new URLSearchParams('from=2026-01-05&to=2026-02-01&interval=week'), today)).toEqual({
      startDate: '2026-01-05',
      endDate: '2026-02-01',
      interval: 'week',
    });
    expect(rangeFromSearch(new URLSearchParams(''), today)).toEqual(presetRange('last-30-days', today));
    expect(rangeFromSearch(new URLSearchParams('from=2026-02-30&to=yesterday&interval=minute'), today)).toEqual(
      presetRange('last-30-days', today),
    );
  });

  it('writes the range into the address and keeps its other parameters', () => {
    const next = searchWithRange(new URLSearchParams('tab=agents&from=2020-01-01'), {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      interval: 'week',
    });
    expect(next.toString()).toBe('tab=agents&from=2026-01-01&to=2026-01-31&interval=week');
  });

  it('says why the server would refuse a range: order, over two years, more than 2000 points', () => {
    expect(rangeProblem({ startDate: '2026-03-02', endDate: '2026-03-01', interval: 'day' })).toBe(
      'The start date must be on or before the end date.',
    );
    expect(rangeProblem({ startDate: '2024-01-01', endDate: '2026-03-01', interval: 'month' })).toBe(
      'Choose at most 731 days (two years).',
    );
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-03-31', interval: 'hour' })).toBe(
      'These dates make more than 2000 points by hour: choose a longer interval.',
    );
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-03-22', interval: 'hour' })).toBeNull();
    expect(rangeProblem({ startDate: '2024-03-01', endDate: '2026-03-01', interval: 'day' })).toBeNull();
  });

  it("reads today in the app's timezone", () => {
    const now = new Date('2026-03-18T23:30:00Z');
    expect(todayIn(now, 'UTC')).toBe('2026-03-18');
    expect(todayIn(now, 'Asia/Kathmandu')).toBe('2026-03-19');
    expect(todayIn(now, 'America/Sao_Paulo')).toBe('2026-03-18');
  });

  it("turns a point into the local days it covers, kept inside the range, for the conversation report's address", () => {
    const range = { startDate: '2026-03-04', endDate: '2026-03-18', interval: 'week' as const };
    // Monday 2 March 00:00 in Kathmandu (UTC+5:45) is 1 March 18:15 UTC.
    expect(bucketDates('2026-03-01T18:15:00.000Z', range, 'Asia/Kathmandu')).toEqual({ startDate: '2026-03-04', endDate: '2026-03-08' });
    expect(bucketDates('2026-03-15T18:15:00.000Z', range, 'Asia/Kathmandu')).toEqual({ startDate: '2026-03-16', endDate: '2026-03-18' });
    expect(bucketDates('2026-03-09T18:30:00.000Z', { ...range, interval: 'day' }, 'Asia/Kolkata')).toEqual({
      startDate: '2026-03-10',
      endDate: '2026-03-10',
    });
    expect(bucketDates('2026-03-01T00:00:00.000Z', { startDate: '2026-01-01', endDate: '2026-12-31', interval: 'month' }, 'UTC')).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(conversationReportPath({ startDate: '2026-03-10', endDate: '2026-03-10' })).toBe(
      '/reports/conversations?startDate=2026-03-10&endDate=2026-03-10',
    );
  });

  it("labels a point in the app's timezone by its interval", () => {
    expect(bucketLabel('2026-03-09T18:30:00.000Z', 'day', 'Asia/Kolkata')).toBe('10 Mar');
    expect(bucketLabel('2026-03-01T18:15:00.000Z', 'week', 'Asia/Kathmandu')).toBe('Week of 2 Mar');
    expect(bucketLabel('2026-03-01T00:00:00.000Z', 'month', 'UTC')).toBe('Mar 2026');
    expect(bucketLabel('2026-03-10T05:00:00.000Z', 'hour', 'UTC')).toBe('10 Mar 05:00');
  });
});
