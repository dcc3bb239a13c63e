import { type OutboundDelivery, type OutboundEvent, type OutboundWebhook, outboundEvents } from '@wac/contract/outbound-webhooks';
import type { DeliveryRow, WebhookRow, WebhookStats } from './outbound-webhooks.repository.ts';

const isOutboundEvent = (event: string): event is OutboundEvent => (outboundEvents as readonly string[]).includes(event);

const noStats: WebhookStats = { failedLastDay: 0, last: null };

/** A subscription as admins see it; its secret never leaves the server after it was shown once. */
export function toOutboundWebhook(row: WebhookRow, stats: WebhookStats = noStats): OutboundWebhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter(isOutboundEvent),
    description: row.description,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    failedLastDay: stats.failedLastDay,
    lastDelivery: stats.last
      ? { at: stats.last.at.toISOString(), ok: stats.last.state === 'delivered', statusCode: stats.last.statusCode }
      : null,
  };
}

export function toOutboundDelivery(row: DeliveryRow): OutboundDelivery {
  return {
    id: row.id,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    statusCode: row.statusCode,
    response: row.response,
    durationMs: row.durationMs,
  };
}

/** What activities call a subscription: its URL's host (the path may hold a token). */
export function webhookName(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}
