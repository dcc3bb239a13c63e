import { REFUSAL_WINDOW_MS, REFUSALS_LOGGED_EACH } from '@wac/contract/api-keys';
import { describe, expect, it } from 'vitest';
import type { ApiCallRow } from './api-keys.repository.ts';
import { createRefusedCalls } from './refused-calls.ts';

const refused = (at: number, over: Partial<ApiCallRow> = {}): ApiCallRow => ({
  keyId: 1,
  at: new Date(at),
  method: 'POST',
  path: '/api/send-text',
  status: 401,
  latencyMs: 2,
  ip: '203.0.113.5',
  errorCode: 'UNAUTHORIZED',
  messageId: null,
  calls: 1,
  replayed: false,
  ...over,
});

function counter(start = 1_000_000) {
  let clock = start;
  const calls = createRefusedCalls(() => clock);
  return { calls, at: () => clock, advance: (ms: number) => (clock += ms) };
}

describe('refused calls in the usage log', () => {
  it('logs the first ones of a window one row each and folds the rest into one row counting them', () => {
    const { calls, at, advance } = counter();
    const logged: ApiCallRow[] = [];
    for (let i = 0; i < 1000; i++) {
      logged.push(...calls.add(refused(at(), { latencyMs: i % 2 === 0 ? 1 : 3 })));
      advance(10);
    }
    expect(logged).toHaveLength(REFUSALS_LOGGED_EACH);
    expect(logged.every((row) => row.calls === 1)).toBe(true);
    expect(calls.ended()).toEqual([]);
    expect(calls.open).toBe(true);

    advance(REFUSAL_WINDOW_MS);
    const [folded, ...more] = calls.ended();
    expect(more).toEqual([]);
    expect(folded).toMatchObject({ calls: 1000 - REFUSALS_LOGGED_EACH, status: 401, errorCode: 'UNAUTHORIZED', latencyMs: 2 });
    expect(folded?.at.getTime()).toBe(1_000_000 + 999 * 10);
    expect(calls.open).toBe(false);
  });

  it('counts each key, address, endpoint and reason on its own', () => {
    const { calls, at } = counter();
    const variants: Partial<ApiCallRow>[] = [
      {},
      { keyId: 2 },
      { ip: '198.51.100.1' },
      { path: '/api/send-media' },
      { status: 403, errorCode: 'INSUFFICIENT_PERMISSIONS' },
    ];
    for (const variant of variants) {
      const logged = Array.from({ length: REFUSALS_LOGGED_EACH }, () => calls.add(refused(at(), variant))).flat();
      expect(logged).toHaveLength(REFUSALS_LOGGED_EACH);
    }
    expect(calls.add(refused(at()))).toEqual([]);
  });

  it('starts a new window after one ended, handing over the row of the one before', () => {
    const { calls, at, advance } = counter();
    for (let i = 0; i < REFUSALS_LOGGED_EACH + 5; i++) calls.add(refused(at()));
    advance(REFUSAL_WINDOW_MS);
    const due = calls.add(refused(at()));
    expect(due.map((row) => row.calls)).toEqual([5, 1]);
  });

  it('hands over every open window on shutdown', () => {
    const { calls, at } = counter();
    for (let i = 0; i < REFUSALS_LOGGED_EACH + 3; i++) calls.add(refused(at()));
    expect(calls.all().map((row) => row.calls)).toEqual([3]);
    expect(calls.open).toBe(false);
  });
});
