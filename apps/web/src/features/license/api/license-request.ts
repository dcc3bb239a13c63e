import { ApiError, apiRequest, type RequestOptions } from '../../../lib/api-client';

/** Spec 8 "Licence client": its own words for a 401, a 404 and a failure without a server message. */
export function licenseClientError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.license) return error;
  const reword = (message: string) => new ApiError(message, error.status, error.code, error.body);
  if (error.status === 401) return reword('License endpoints require authentication or are not properly configured');
  if (error.status === 404) return reword('License endpoint not found. Please ensure license management is implemented on the backend');
  if (error.message === 'Request failed') return reword('License request failed');
  return error;
}

export async function licenseRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    throw licenseClientError(error);
  }
}
