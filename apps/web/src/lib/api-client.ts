import { detectLicenseError, type LicenseErrorPayload, parseQuotaWarningHeader, QUOTA_WARNING_HEADER } from '@wac/contract/license-errors';
import { publishLicenseError } from './license-events';
import { clearSession, rememberSessionExpired, storedToken } from './session-storage';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
    /** Set when the answer was a licence error: the licence dialogs have already shown it. */
    readonly license: LicenseErrorPayload | null = null,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sign-in and token checks handle 401 themselves instead of reloading. */
  skipSessionExpiry?: boolean;
  /** The caller shows licence refusals itself: a quota refusal is then a toast (spec 4), a missing feature nothing. */
  suppressLicenseModals?: boolean;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Every call to the server goes through here: bearer token, JSON, spec 8's error texts, spec 4's 401 handling. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  // Spec 8: every answer is first checked for a licence error, and a success for a quota warning.
  const license = detectLicenseError(body);
  const warning = parseQuotaWarningHeader(response.headers.get(QUOTA_WARNING_HEADER));
  for (const payload of [license, warning]) {
    if (payload) publishLicenseError({ payload, status: response.status, modalsSuppressed: options.suppressLicenseModals ?? false });
  }
  if (license?.code === 'AUTH_REQUIRED') {
    clearSession();
    window.location.assign(license.actionUrl ?? '/login');
    throw new ApiError(license.error, response.status, license.code, body, license);
  }
  if (response.status === 401 && !options.skipSessionExpiry && token) {
    clearSession();
    rememberSessionExpired('Session expired');
    window.location.reload();
    throw new ApiError('Session expired', 401, 'UNAUTHORIZED', body);
  }
  if (!response.ok) {
    const data = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown; code?: unknown };
    const message = typeof data.error === 'string' ? data.error : typeof data.message === 'string' ? data.message : 'Request failed';
    throw new ApiError(message, response.status, typeof data.code === 'string' ? data.code : undefined, body, license);
  }
  return body as T;
}

/** The text to show for a failed call: the server's words, else spec 8's fallback. */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  return error instanceof ApiError && error.message !== 'Request failed' ? error.message : fallback;
}
