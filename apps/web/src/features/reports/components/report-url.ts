import { type SessionState, sessionStates } from '@wac/contract/agent-sessions';
import type { DateRange } from '../../../lib/date-range';
import { type ReportFilters, reportQueryParams } from '../api/get-conversation-report';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report's filters and page as the address holds them (a dashboard links to
 * /reports/conversations?startDate=2026-11-01&endDate=2026-11-07): what is missing or malformed falls back to the
 * default range and no filter.
 */
export function readReportUrl(params: URLSearchParams, fallback: DateRange): { filters: ReportFilters; page: number } {
  const date = (key: 'startDate' | 'endDate') => {
    const value = params.get(key);
    return value !== null && (value === '' || DATE.test(value)) ? value : fallback[key];
  };
  const state = params.get('sessionState') ?? '';
  const page = Number(params.get('page'));
  return {
    filters: {
      startDate: date('startDate'),
      endDate: date('endDate'),
      search: params.get('search') ?? '',
      agentId: /^\d{1,10}$/.test(params.get('agentId') ?? '') ? (params.get('agentId') as string) : '',
      sessionState: (sessionStates as readonly string[]).includes(state) ? (state as SessionState) : '',
      sentiment: params.get('sentiment') === 'negative' ? 'negative' : '',
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The address after a change: every filter written out (the range the page shows included, so the address can be
 * shared), back to the first page unless the change is the page. A cleared date is kept as empty: the open end.
 */
export function writeReportUrl(filters: ReportFilters, changes: Partial<ReportFilters> & { page?: number }): URLSearchParams {
  const { page, ...filterChanges } = changes;
  const next = { ...filters, ...filterChanges };
  const params = new URLSearchParams(reportQueryParams(next));
  for (const key of ['startDate', 'endDate'] as const) if (!next[key]) params.set(key, '');
  if (page && page > 1) params.set('page', String(page));
  return params;
}
