import { describe, expect, it } from 'vitest';
import { retryHeldBackChange } from './retry-held-back';

describe('retryHeldBackChange', () => {
  it('sends the choice for a new campaign only when it asks for retries (the server defaults to none)', () => {
    expect(retryHeldBackChange(false)).toEqual({});
    expect(retryHeldBackChange(true)).toEqual({ retryHeldBack: true });
  });

  it('sends an edited campaign’s choice only when it changed', () => {
    expect(retryHeldBackChange(true, { retryHeldBack: true })).toEqual({});
    expect(retryHeldBackChange(false, { retryHeldBack: true })).toEqual({ retryHeldBack: false });
    expect(retryHeldBackChange(true, { retryHeldBack: false })).toEqual({ retryHeldBack: true });
  });
});
