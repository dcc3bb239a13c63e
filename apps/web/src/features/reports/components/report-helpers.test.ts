import { describe, expect, it } from 'vitest';
import { defaultRange, rangeError } from '../../../lib/date-range';
import { csvFilename } from '../api/export-conversation-report';
import { type ReportFilters, reportQueryParams } from '../api/get-conversation-report';
import { formatScore, formatWait } from './report-format';
import { readReportUrl, writeReportUrl } from './report-url';

const none: ReportFilters = { startDate: '', endDate: '', search: '', agentId: '', sessionState: '', sentiment: '' };

describe('conversation report helpers', () => {
  it('defaults to the last 30 days, today included, in the app’s timezone', () => {
    // 23:30 UTC on 31 March is already 1 April in Tokyo.
    const now = new Date('2025-03-31T23:30:00Z');
    expect(defaultRange(now, 'UTC')).toEqual({ startDate: '2025-03-02', endDate: '2025-03-31' });
    expect(defaultRange(now, 'Asia/Tokyo')).toEqual({ startDate: '2025-03-03', endDate: '2025-04-01' });
    expect(defaultRange(now, 'Not/AZone').endDate).toMatch(/^2025-0[34]-\d\d$/);
  });

  it('refuses a start after the end', () => {
    expect(rangeError('2025-03-10', '2025-03-01')).toMatch(/start date/);
    expect(rangeError('2025-03-01', '2025-03-01')).toBeNull();
    expect(rangeError('', '2025-03-01')).toBeNull();
  });

  it('sends only what is set, with the search trimmed', () => {
    expect(
      reportQueryParams({ ...none, startDate: '2025-03-01', endDate: '2025-03-30', search: '  maria ', sentiment: 'negative' }),
    ).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-30',
      search: 'maria',
      sentiment: 'negative',
    });
    expect(reportQueryParams({ ...none, search: ' ' })).toEqual({});
  });

  it('names the CSV as the server does, else after the range', () => {
    const filters = { ...none, startDate: '2025-03-01', endDate: '2025-03-30' };
    expect(csvFilename('attachment; filename="conversations-2025-03-01-2025-03-30.csv"', filters)).toBe(
      'conversations-2025-03-01-2025-03-30.csv',
    );
    expect(csvFilename("attachment; filename*=UTF-8''relat%C3%B3rio.csv", filters)).toBe('relatório.csv');
    expect(csvFilename(null, filters)).toBe('conversations-2025-03-01-2025-03-30.csv');
    expect(csvFilename(null, none)).toBe('conversations-all-now.csv');
  });

  it('reads a dashboard’s link, falling back to the default range for what is missing or malformed', () => {
    const fallback = { startDate: '2026-10-30', endDate: '2026-11-28' };
    const read = (query: string) => readReportUrl(new URLSearchParams(query), fallback);
    expect(read('startDate=2026-11-01&endDate=2026-11-07')).toEqual({
      filters: { ...none, startDate: '2026-11-01', endDate: '2026-11-07' },
      page: 1,
    });
    expect(read('')).toEqual({ filters: { ...none, ...fallback }, page: 1 });
    expect(read('startDate=yesterday&agentId=7&sessionState=agent&sentiment=negative&search=ana&page=3')).toEqual({
      filters: {
        startDate: '2026-10-30',
        endDate: '2026-11-28',
        search: 'ana',
        agentId: '7',
        sessionState: 'agent',
        sentiment: 'negative',
      },
      page: 3,
    });
    expect(read('agentId=x&sessionState=closed&sentiment=happy&page=-2')).toEqual({ filters: { ...none, ...fallback }, page: 1 });
    // A cleared date stays cleared: the range is open at that end.
    expect(read('startDate=&endDate=2026-11-07').filters.startDate).toBe('');
  });

  it('writes every filter back to the address, back to the first page unless the page changes', () => {
    const shown = { ...none, startDate: '2026-11-01', endDate: '2026-11-07', agentId: '7' };
    expect(writeReportUrl(shown, { sentiment: 'negative' }).toString()).toBe(
      'startDate=2026-11-01&endDate=2026-11-07&agentId=7&sentiment=negative',
    );
    expect(writeReportUrl(shown, { page: 2 }).toString()).toBe('startDate=2026-11-01&endDate=2026-11-07&agentId=7&page=2');
    expect(writeReportUrl(shown, { startDate: '', agentId: '' }).toString()).toBe('endDate=2026-11-07&startDate=');
  });

  it('writes waits and scores as people read them', () => {
    expect([45, 240, 5400, 7200, 86_400 * 5 + 7200, 86_400].map(formatWait)).toEqual([
      '45 s',
      '4 min',
      '1 h 30 min',
      '2 h',
      '5 d 2 h',
      '1 d',
    ]);
    expect([0.8, -0.05, 0].map(formatScore)).toEqual(['+0.80', '-0.05', '0.00']);
  });
});
