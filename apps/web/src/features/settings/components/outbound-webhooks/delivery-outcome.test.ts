import type { OutboundDelivery } from '@wac/contract/outbound-webhooks';
import { describe, expect, it } from 'vitest';
import { excerpt, lastDeliveryText, testOutcomeText } from './delivery-outcome';

const test: OutboundDelivery = {
  id: 1,
  event: 'test',
  state: 'delivered',
  attempts: 1,
  createdAt: '2026-05-10T11:00:00.000Z',
  lastAttemptAt: '2026-05-10T11:00:00.000Z',
  nextAttemptAt: null,
  statusCode: 204,
  response: '',
  durationMs: 83.6,
};

describe('delivery outcome', () => {
  it('says how the test event went: the status code and how long the receiver took, and why it failed', () => {
    expect(testOutcomeText(test)).toBe('Delivered, HTTP 204 in 84 ms');
    expect(testOutcomeText({ ...test, state: 'failed', statusCode: 500, response: 'Internal\n  error', durationMs: 1200 })).toBe(
      'Failed, HTTP 500 in 1,200 ms: Internal error',
    );
    expect(testOutcomeText({ ...test, state: 'failed', statusCode: null, response: 'getaddrinfo ENOTFOUND', durationMs: null })).toBe(
      'Failed, no answer: getaddrinfo ENOTFOUND',
    );
  });

  it('says how the last delivery went, or that there was none', () => {
    expect(lastDeliveryText(null)).toBe('No deliveries yet');
    expect(lastDeliveryText({ at: '2026-05-10T11:00:00.000Z', ok: false, statusCode: null })).toBe('Failed, no answer');
  });

  it('shortens an answer to one line of at most 80 characters', () => {
    expect(excerpt(null)).toBe('');
    expect(excerpt(' a\n\nb ')).toBe('a b');
    expect(excerpt('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
  });
});
