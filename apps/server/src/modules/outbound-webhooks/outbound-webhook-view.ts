import {
  type LastDelivery,
  type OutboundDelivery,
  type OutboundDeliveryEvent,
  type OutboundEvent,
  type OutboundWebhook,
  outboundEvents,
} from '@wac/contract/outbound-webhooks';
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
    lastDelivery: stats.last ? toLastDelivery(stats.last) : null,
  };
}

function toLastDelivery(last: NonNullable<WebhookStats['last']>): LastDelivery {
  return { at: last.at.toISOString(), ok: last.state === 'delivered', statusCode: last.statusCode };
}

/** An attempt just recorded, as admins' lists are told of it. */
export function deliveryEvent(row: DeliveryRow): OutboundDeliveryEvent {
  return {
    webhookId: row.webhookId,
    lastDelivery: toLastDelivery({ at: row.lastAttemptAt ?? row.createdAt, state: row.state, statusCode: row.statusCode }),
    gaveUp: row.state === 'failed',
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
