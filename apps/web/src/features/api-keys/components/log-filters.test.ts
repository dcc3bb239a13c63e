import { describe, expect, it } from 'vitest';
import { isFiltered, LOGS_PAGE_SIZE, logsQuery, noLogFilters } from './log-filters';

describe('logsQuery', () => {
  it('asks for the page, 20 at a time, with no filter by default', () => {
    expect(logsQuery(noLogFilters, 3, 'UTC')).toEqual({ page: 3, limit: LOGS_PAGE_SIZE });
    expect(LOGS_PAGE_SIZE).toBe(20);
    expect(isFiltered(noLogFilters)).toBe(false);
  });

  it('asks for every error, or for one status code', () => {
    expect(logsQuery({ ...noLogFilters, status: 'errors' }, 1, 'UTC').status).toBe('errors');
    expect(logsQuery({ ...noLogFilters, status: '429' }, 1, 'UTC').status).toBe(429);
    expect(logsQuery({ ...noLogFilters, status: 'nonsense' }, 1, 'UTC').status).toBeUndefined();
  });

  it('trims the path and leaves a blank one out', () => {
    expect(logsQuery({ ...noLogFilters, path: ' /api/send-text ' }, 1, 'UTC').path).toBe('/api/send-text');
    expect(logsQuery({ ...noLogFilters, path: '   ' }, 1, 'UTC')).not.toHaveProperty('path');
    expect(isFiltered({ ...noLogFilters, path: '   ' })).toBe(false);
  });

  it('covers whole days, from the start of the first to the end of the last in the app timezone', () => {
    const filters = { ...noLogFilters, startDate: '2026-05-01', endDate: '2026-05-03' };
    expect(logsQuery(filters, 1, 'UTC')).toEqual({
      page: 1,
      limit: 20,
      from: '2026-05-01T00:00:00.000Z',
      to: '2026-05-03T23:59:59.999Z',
    });
    const paris = logsQuery(filters, 1, 'Europe/Paris');
    expect([paris.from, paris.to]).toEqual(['2026-04-30T22:00:00.000Z', '2026-05-03T21:59:59.999Z']);
    expect(isFiltered(filters)).toBe(true);
  });
});
