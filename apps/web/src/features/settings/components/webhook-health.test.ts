import type { WebhookHealth } from '@wac/contract/whatsapp-channel';
import { describe, expect, it } from 'vitest';
import { webhookProblems } from './webhook-health';

const healthy: WebhookHealth = {
  lastEventAt: '2025-01-01T10:00:00.000Z',
  eventsLast24h: 120,
  signatureFailuresLast24h: 0,
  lastSignatureFailureAt: null,
  waiting: 2,
  oldestWaitingSeconds: 1.4,
  failed: 0,
  refusedLast24h: 0,
  lastRefusal: null,
};

describe('webhook health', () => {
  it('is quiet while events flow, and names old waiting events, bad signatures and failed events', () => {
    expect(webhookProblems(healthy)).toEqual([]);
    expect(webhookProblems({ ...healthy, oldestWaitingSeconds: 60 })).toEqual([]);
    expect(webhookProblems({ ...healthy, oldestWaitingSeconds: 95, signatureFailuresLast24h: 1, failed: 3 })).toEqual([
      'Events have been waiting 1 min 35 s to be processed.',
      "1 request with a wrong signature in the last 24 hours: check that the app secret matches Meta's.",
      '3 events failed processing and will not be retried.',
    ]);
  });

  it('names the items of deliveries it had to refuse, with the latest reason', () => {
    const lastRefusal = {
      reason: 'A customer’s message named neither a phone number nor a WhatsApp user ID',
      at: '2025-01-01T09:00:00.000Z',
    };
    expect(webhookProblems({ ...healthy, refusedLast24h: 2, lastRefusal })).toEqual([
      "2 items of Meta's deliveries refused in the last 24 hours. Latest: A customer’s message named neither a phone number nor a WhatsApp user ID.",
    ]);
  });
});
