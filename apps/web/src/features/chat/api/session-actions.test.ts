import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { refusingHolder } from './session-actions';

describe('refusingHolder', () => {
  it('reads the colleague from the 409 refusing a send or an action, and nothing from other errors', () => {
    const holder = { id: 3, username: 'alice' };
    const body = { error: 'This conversation is handled by alice', code: 'CONFLICT', details: { holder } };
    expect(refusingHolder(new ApiError(body.error, 409, 'CONFLICT', body))).toEqual(holder);
    expect(
      refusingHolder(new ApiError('Only failed messages can be retried', 409, 'CONFLICT', { error: 'x', code: 'CONFLICT' })),
    ).toBeNull();
    expect(refusingHolder(new ApiError(body.error, 400, 'VALIDATION_ERROR', body))).toBeNull();
    expect(refusingHolder(new Error('network down'))).toBeNull();
  });
});
