import { describe, expect, it } from 'vitest';
import { defaultRange, rangeError } from '../../../lib/date-range';
import { csvFilename } from '../api/export-conversation-report';
import { reportQueryParams } from '../api/get-conversation-report';

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
    expect(reportQueryParams({ startDate: '2025-03-01', endDate: '2025-03-30', search: '  maria ' })).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-30',
      search: 'maria',
    });
    expect(reportQueryParams({ startDate: '', endDate: '', search: ' ' })).toEqual({});
  });

  it('names the CSV as the server does, else after the range', () => {
    const filters = { startDate: '2025-03-01', endDate: '2025-03-30', search: '' };
    expect(csvFilename('attachment; filename="conversations-2025-03-01-2025-03-30.csv"', filters)).toBe(
      'conversations-2025-03-01-2025-03-30.csv',
    );
    expect(csvFilename("attachment; filename*=UTF-8''relat%C3%B3rio.csv", filters)).toBe('relatório.csv');
    expect(csvFilename(null, filters)).toBe('conversations-2025-03-01-2025-03-30.csv');
    expect(csvFilename(null, { startDate: '', endDate: '', search: '' })).toBe('conversations-all-now.csv');
  });
});
