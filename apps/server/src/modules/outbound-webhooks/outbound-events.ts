import { randomUUID } from 'node:crypto';
import type { OutboundPayload } from '@wac/contract/outbound-webhooks';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { formatAddress } from '@wac/contract/whatsapp-user-id';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { SubscriberOutcome } from '../../events/event-bus.ts';
import { enqueueEvents, subscribedEvents } from './outbound-webhooks.repository.ts';

/** How long the answer to "does any active subscription listen to this event?" is reused by the hot paths. */
const SUBSCRIBED_FRESH_MS = 1_000;

/** The body every delivery of one event carries: its id is the event's, the same for each subscription. */
export function outboundPayload(event: OutboundPayload['event'], data: Record<string, unknown>): OutboundPayload {
  return { id: randomUUID(), event, createdAt: new Date().toISOString(), data };
}

/** Messaging's events a business's systems may be told about (campaign.finished goes its own way, below). */
export const messagingEventTypes = ['message.received', 'message.status', 'conversation.handed_off'] as const;
type MessagingEvent = Extract<DomainEvent, { type: (typeof messagingEventTypes)[number] }>;

/** What a business's systems are told about each of messaging's events; phones in E.164 with their '+', BSUIDs as they are. */
function payloadOf(event: MessagingEvent): OutboundPayload {
  switch (event.type) {
    case 'message.received': {
      const { message } = event;
      return outboundPayload(event.type, {
        messageId: message.messageId,
        wamid: message.wamid,
        conversationId: message.conversationId,
        contactId: message.contactId,
        from: {
          phone: message.from.phone === null ? null : formatE164(message.from.phone),
          bsuid: message.from.bsuid,
          username: message.from.username,
          name: message.from.name,
        },
        type: message.type,
        text: message.content.text,
        mediaType: message.content.mediaType,
        timestamp: message.timestamp,
      });
    }
    case 'message.status':
      return outboundPayload(event.type, { ...event.status });
    case 'conversation.handed_off': {
      const { handOff } = event;
      return outboundPayload(event.type, {
        conversationId: handOff.conversationId,
        phone: formatAddress(handOff.phone),
        contactName: handOff.contactName,
        reason: handOff.reason,
        by: handOff.agent ? 'agent' : 'bot',
        agent: handOff.agent,
        previousState: handOff.previousState,
      });
    }
  }
}

/** The events some active subscription listens to, read at most once a second; forgotten at once when this process changes one. */
export function createSubscribedEvents(db: Db) {
  let cached: { at: number; events: Promise<Set<string>> } | null = null;
  return {
    /** `tx` inside a transaction, which then reads for everyone: a read on the pool there would wait for a second connection. */
    has(event: string, tx: DbOrTx = db): Promise<boolean> {
      const now = performance.now();
      if (!cached || now - cached.at >= SUBSCRIBED_FRESH_MS) {
        const events = subscribedEvents(tx).then((list) => new Set(list));
        const entry = { at: now, events };
        cached = entry;
        events.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      return cached.events.then((events) => events.has(event));
    },
    forget(): void {
      cached = null;
    },
  };
}

export type SubscribedEvents = ReturnType<typeof createSubscribedEvents>;

/**
 * Messaging's events, in the transaction where they happen: their deliveries are written in it, so a crash loses none.
 * With no subscription listening (the usual case) it writes nothing and, within a second of the last look, reads
 * nothing.
 */
export function outboundEventHandler(subscribed: SubscribedEvents, onQueued: () => void) {
  return async (tx: Tx, events: MessagingEvent[]): Promise<SubscriberOutcome | undefined> => {
    const listened = await Promise.all(events.map((event) => subscribed.has(event.type, tx)));
    const wanted = events.filter((_, i) => listened[i]);
    if (wanted.length === 0) return undefined;
    return (await enqueueEvents(tx, wanted.map(payloadOf))) > 0 ? { afterCommit: onQueued } : undefined;
  };
}

/**
 * campaign.finished, written in the transaction that completes a campaign. Rare enough to look for subscriptions each
 * time (the one statement writes nothing when none listens); the delivery loop's poll sends it within a second.
 */
export async function enqueueCampaignsFinished(tx: Tx, events: Extract<DomainEvent, { type: 'campaign.finished' }>[]): Promise<undefined> {
  const finishedAt = new Date().toISOString();
  await enqueueEvents(
    tx,
    events.map(({ campaign }) =>
      outboundPayload('campaign.finished', { campaignId: campaign.id, name: campaign.name, counts: campaign.counts, finishedAt }),
    ),
  );
  return undefined;
}
