import { ApiError, apiRequest, type RequestOptions } from './api-client';

/**
 * Spec 8: a failed call shows the server's words, else the caller's fallback sentence ('Failed to fetch campaigns',
 * 'Failed to save flow'), so error states and alerts say what failed without each caller repeating it.
 */
export async function requestWithFallback<T>(path: string, fallback: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    throw withFallback(error, fallback);
  }
}

export function withFallback(error: unknown, fallback: string): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof ApiError)
    return error.message === 'Request failed' ? new ApiError(fallback, error.status, error.code, error.body, error.license) : error;
  return new ApiError(fallback, 0, undefined, null);
}

/** A licence refusal (a quota, a feature) has already been shown by the licence dialogs: no second message for it. */
export const shownByLicenceDialogs = (error: unknown) => error instanceof ApiError && error.license !== null;
