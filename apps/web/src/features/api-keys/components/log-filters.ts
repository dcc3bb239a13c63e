import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { ApiKeyLogsQuery } from '../api/api-key-logs';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 7: the logs page by 20. */
export const LOGS_PAGE_SIZE = 20;

/** The filters as the toolbar holds them: every value a string, '' for no filter; days as YYYY-MM-DD. */
export interface LogFilters {
  /** '', 'errors' or an HTTP status such as '429'. */
  status: string;
  path: string;
  startDate: string;
  endDate: string;
}

export const noLogFilters: LogFilters = { status: '', path: '', startDate: '', endDate: '' };

/** The paths a key can call, offered as suggestions for the path filter. */
export const keyPaths = ['/api/send-text', '/api/send-template', '/api/send-media', '/api/send-buttons'] as const;

const statusReasons: [number, string][] = [
  [200, 'OK'],
  [201, 'Created'],
  [400, 'Bad request'],
  [401, 'Unknown or missing key'],
  [402, 'Quota exceeded'],
  [403, 'Forbidden'],
  [404, 'Not found'],
  [409, 'Conflict'],
  [413, 'Too large'],
  [429, 'Too many requests'],
  [500, 'Server error'],
  [502, 'WhatsApp refused'],
  [503, 'Unavailable'],
];

export const statusFilterOptions = [
  { value: 'errors', label: 'Errors (400 and above)' },
  ...statusReasons.map(([code, reason]) => ({ value: String(code), label: `${code} ${reason}` })),
];

function inZone(day: string, zone: string) {
  try {
    return dayjs.tz(day, zone);
  } catch {
    return dayjs(day);
  }
}

/** GET /api/keys/{id}/logs for these filters: whole days from the start of the first to the end of the last, in the app's timezone. */
export function logsQuery(filters: LogFilters, page: number, zone: string): ApiKeyLogsQuery {
  const query: ApiKeyLogsQuery = { page, limit: LOGS_PAGE_SIZE };
  if (filters.status === 'errors') query.status = 'errors';
  else if (/^\d{3}$/.test(filters.status)) query.status = Number(filters.status);
  const path = filters.path.trim();
  if (path) query.path = path;
  if (filters.startDate) query.from = inZone(filters.startDate, zone).startOf('day').toISOString();
  if (filters.endDate) query.to = inZone(filters.endDate, zone).endOf('day').toISOString();
  return query;
}

export const isFiltered = (filters: LogFilters) => Object.values(filters).some((value) => value.trim() !== '');
