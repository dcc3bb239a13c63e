import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors } from './form-errors';

describe('serverFieldErrors', () => {
  it('maps the server details to fields', () => {
    const error = new ApiError('Timezone must be an IANA timezone (body settings.app.timezone)', 400, 'VALIDATION_ERROR', {
      details: [{ field: 'settings.app.timezone', message: 'Timezone must be an IANA timezone such as Europe/Paris' }],
    });
    expect(serverFieldErrors(error, ['app.timezone'] as const)).toEqual({
      fields: { 'app.timezone': 'Timezone must be an IANA timezone such as Europe/Paris' },
    });
  });

  it('keeps the server text when no field is named', () => {
    const error = new ApiError('You do not have permission to do this', 403, 'INSUFFICIENT_PERMISSIONS', {});
    expect(serverFieldErrors(error, ['app.name'] as const)).toEqual({ fields: {}, message: 'You do not have permission to do this' });
  });
});
