import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { licenseClientError } from './license-request';

const reworded = (error: ApiError) => (licenseClientError(error) as ApiError).message;

describe('licenceClientError (spec 8)', () => {
  it('rewords 401, 404 and a failure without a server message', () => {
    expect(reworded(new ApiError('Authentication required', 401, 'UNAUTHORIZED', {}))).toBe(
      'License endpoints require authentication or are not properly configured',
    );
    expect(reworded(new ApiError('Route GET /api/license/status not found', 404, 'NOT_FOUND', {}))).toBe(
      'License endpoint not found. Please ensure license management is implemented on the backend',
    );
    expect(reworded(new ApiError('Request failed', 502, undefined, 'Bad gateway'))).toBe('License request failed');
  });

  it("keeps the server's own message and licence errors as they are", () => {
    const validation = new ApiError('Licence key is required (body licenseKey)', 400, 'VALIDATION_ERROR', {});
    expect(licenseClientError(validation)).toBe(validation);
    const license = new ApiError('bad key', 400, 'LICENSE_INVALID', {}, { error: 'bad key', code: 'LICENSE_INVALID' });
    expect(licenseClientError(license)).toBe(license);
    const other = new Error('network down');
    expect(licenseClientError(other)).toBe(other);
  });
});
