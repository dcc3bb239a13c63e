import type { OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { describe, expect, it } from 'vitest';
import { withDelivery } from './outbound-webhook-live-updates';

const webhook = (id: number, lastDelivery: OutboundWebhook['lastDelivery']): OutboundWebhook => ({
  id,
  url: `https://shop.example/hook/${id}`,
  events: ['message.received'],
  description: '',
  active: true,
  createdAt: '2025-06-01T10:00:00.000Z',
  failedLastDay: 0,
  lastDelivery,
});

describe('a delivery attempt told live', () => {
  const list = {
    webhooks: [webhook(1, null), webhook(2, { at: '2025-06-01T12:00:00.000Z', ok: true, statusCode: 200 })],
  };

  it('becomes its subscription’s last delivery, and leaves the others', () => {
    const failed = { at: '2025-06-01T12:00:01.000Z', ok: false, statusCode: 500 };
    const next = withDelivery(list, { webhookId: 2, lastDelivery: failed, gaveUp: false });
    expect(next.webhooks.map((w) => w.lastDelivery)).toEqual([null, failed]);
    const first = { at: '2025-06-01T09:00:00.000Z', ok: true, statusCode: 204 };
    expect(withDelivery(list, { webhookId: 1, lastDelivery: first, gaveUp: false }).webhooks[0]?.lastDelivery).toEqual(first);
  });

  it('never replaces a later attempt the list already shows, nor changes a list without the subscription', () => {
    const earlier = { at: '2025-06-01T11:59:59.000Z', ok: false, statusCode: null };
    expect(withDelivery(list, { webhookId: 2, lastDelivery: earlier, gaveUp: true })).toBe(list);
    expect(withDelivery(list, { webhookId: 9, lastDelivery: earlier, gaveUp: false })).toBe(list);
  });
});
