import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { type MediaKind, type MessageContent, mediaKinds } from '@wac/contract/whatsapp-messages';
import { contactAddress } from '@wac/contract/whatsapp-user-id';
import type { Tx } from '../../db/database.ts';
import type { DomainEvent, DomainEvents } from '../../events/domain-events.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { errorFromMeta, inboundContent } from '../../whatsapp/webhook/inbound-content.ts';
import {
  extractChanges,
  type InboundItem,
  type MarketingPreference,
  metaTime,
  type StatusItem,
} from '../../whatsapp/webhook/webhook-payload.ts';
import { inboundForBots } from './bot-inbound.ts';
import { upsertContacts } from './contact-identities.repository.ts';
import { markMarketingOptOutOfMessages, setMarketingOptOut } from './contacts.repository.ts';
import { reopenEndedSessions } from './conversation-sessions.repository.ts';
import { conversationKey, insertInboundMessages, upsertConversations } from './inbound-messages.repository.ts';
import { insertPendingInboundMedia, type NewInboundMedia } from './media-files.repository.ts';
import { messageReceivedEvent, messageStatusEvent, statusEventEmits } from './message-events.ts';
import { applyStatuses, recordPricing } from './message-statuses.repository.ts';
import type { ContactRow, MessageRow } from './messages.repository.ts';
import { recordRefusals } from './webhook-health.repository.ts';

export interface WebhookEventOutcome {
  /** Realtime events to send once the transaction is committed. */
  emits: RealtimeEmit[];
  /** Inbound files queued for download in this transaction. */
  mediaQueued: number;
  /** Customers' texts stored, which the sentiment scorer reads once the batch commits. */
  textsQueued: number;
  /** What other domains asked to run once the transaction is committed (the bot answering what was stored). */
  afterCommit: (() => void)[];
}

/** The outcome as the batch builds it, with the events of what it stored, published at its end (outbound webhooks). */
type BatchOutcome = WebhookEventOutcome & { events: DomainEvent[] };

/** Answers the customers' opt-out and opt-in words a batch stored (opt-out-intake.ts); answers the messages left for the bots. */
export type OptKeywordIntake = (tx: Tx, stored: MessageRow[], outcome: WebhookEventOutcome) => Promise<MessageRow[]>;

/** What each batch is handed to: the opt-out words' answers, then the other domains subscribed to its events. */
export interface WebhookBatchHooks {
  optKeywords?: OptKeywordIntake;
  /** Lists the business numbers customers wrote to that nobody added (numbers domain), so none is unknown to the console. */
  knownNumbers?: (tx: Tx, numbers: readonly { phoneNumberId: string; displayPhoneNumber: string | null }[]) => Promise<void>;
  events: DomainEvents;
}

const isMediaKind = (type: string): type is MediaKind => (mediaKinds as readonly string[]).includes(type);

/** A customer's file is queued for download with its message, so a stored media message always has its row. */
function pendingMedia(message: MessageRow): NewInboundMedia[] {
  const { media } = message.content as MessageContent;
  if (!isMediaKind(message.type) || !media?.id) return [];
  return [
    {
      messageId: message.id,
      kind: message.type,
      metaMediaId: media.id,
      mimeType: media.mimeType,
      sha256: media.sha256,
      filename: media.filename,
    },
  ];
}

/** A value the previous statement of this batch wrote for this key: missing would be a bug, said plainly. */
function mustGet<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`${what} ${String(key)} was not written`);
  return value;
}

/**
 * Customers' messages: their contacts and conversations first, then the messages, each step one statement for all.
 * Answers the messages stored now (a wamid seen before stores nothing).
 */
async function storeInbound(tx: Tx, inbound: InboundItem[], outcome: BatchOutcome): Promise<MessageRow[]> {
  if (inbound.length === 0) return [];
  const contacts = await upsertContacts(
    tx,
    inbound.map((item) => item.customer),
  );
  const withContact = inbound.map((item, k) => {
    const contact = contacts[k] as ContactRow;
    return { item, contact, key: { contactId: contact.id, phoneNumberId: item.phoneNumberId } };
  });
  const conversationIds = await upsertConversations(
    tx,
    withContact.map(({ key }) => key),
  );
  const items = withContact.map(({ item, contact, key }) => ({
    item,
    contact,
    conversationId: mustGet(conversationIds, conversationKey(key), 'conversation'),
  }));
  const contactByConversation = new Map(items.map(({ contact, conversationId }) => [conversationId, contact]));
  const stored = await insertInboundMessages(
    tx,
    items.map(({ item, conversationId }) => ({
      conversationId,
      wamid: item.message.id,
      ...inboundContent(item.message),
      timestamp: metaTime(item.message.timestamp),
    })),
  );
  const contactOf = (message: MessageRow) => mustGet(contactByConversation, message.conversationId, 'contact of conversation');
  const written = new Map(stored.map((message) => [message.conversationId, contactAddress(contactOf(message))]));
  const reopened = await reopenEndedSessions(
    tx,
    [...written].map(([conversationId, phone]) => ({ conversationId, phone })),
  );
  outcome.emits.push(...reopened.map((session) => ({ event: whatsappEventNames.sessionUpdate, payload: session })));
  const media = stored.flatMap(pendingMedia);
  await insertPendingInboundMedia(tx, media);
  outcome.mediaQueued += media.length;
  outcome.textsQueued += stored.filter((message) => message.type === 'text').length;
  for (const message of stored) {
    const event = messageReceivedEvent(message, contactOf(message));
    outcome.emits.push({ event: whatsappEventNames.messageReceived, payload: event });
    outcome.events.push({ type: 'message.received', message: event });
  }
  return stored;
}

/** Hands the stored customers' messages to the bot (bot flows), with their conversations' state once stored. */
async function handOverInbound(tx: Tx, stored: MessageRow[], events: DomainEvents, outcome: WebhookEventOutcome): Promise<void> {
  if (stored.length === 0 || !events.listens('message.for_bot')) return;
  const views = await inboundForBots(
    tx,
    stored.map((message) => message.id),
  );
  addPublished(
    outcome,
    await events.publish(
      tx,
      views.map((inbound) => ({ type: 'message.for_bot', inbound })),
    ),
  );
}

/** What a publish's subscribers answered, sent and run with the batch once it commits. */
export function addPublished(outcome: WebhookEventOutcome, published: Pick<WebhookEventOutcome, 'emits' | 'afterCommit'>): void {
  outcome.emits.push(...published.emits);
  outcome.afterCommit.push(...published.afterCommit);
}

async function storeStatuses(tx: Tx, statuses: StatusItem[], outcome: BatchOutcome): Promise<void> {
  const results = await applyStatuses(
    tx,
    statuses.map((status) => ({
      wamid: status.wamid,
      status: status.status,
      timestamp: status.timestamp,
      error: errorFromMeta(status.errors),
    })),
  );
  // After the statuses, which hold their wamids and messages (the lock order every writer keeps).
  await recordPricing(
    tx,
    statuses.flatMap((s) => (s.pricing ? [{ wamid: s.wamid, pricing: s.pricing }] : [])),
  );
  for (const result of results) {
    if (!result.changed) continue;
    const status = messageStatusEvent(result.message);
    outcome.emits.push(...statusEventEmits(status));
    outcome.events.push({ type: 'message.status', status });
  }
}

/** Meta refuses marketing messages to a customer who stopped them (131050): they are opted out as their own stop says. */
const STOPPED_MARKETING = 131050;

/**
 * Customers stopping or resuming the business's marketing messages (user_preferences, in order), and those Meta refused
 * a marketing message for because they stopped them: campaigns of marketing templates skip them.
 */
async function storeMarketingPreferences(tx: Tx, preferences: MarketingPreference[], statuses: StatusItem[]): Promise<void> {
  if (preferences.length > 0) {
    const ordered = [...preferences].sort((a, b) => a.at.getTime() - b.at.getTime());
    const contacts = await upsertContacts(
      tx,
      ordered.map((p) => p.customer),
    );
    for (const [k, preference] of ordered.entries()) {
      await setMarketingOptOut(tx, [(contacts[k] as ContactRow).id], preference.stop ? preference.at : null);
    }
  }
  const refused = statuses.filter((s) => s.status === 'failed' && s.errors.some((e) => e.code === STOPPED_MARKETING));
  await markMarketingOptOutOfMessages(
    tx,
    refused.map((s) => s.wamid),
    new Date(),
  );
}

/**
 * Stores what a batch of webhook deliveries says, in a few statements for the whole batch, and says what to announce
 * and fetch once it is committed. Opt-out words are answered first; then the domains subscribed to its events (the
 * bot's queue of customers' messages to answer, template reviews and campaign recipients' statuses, the outbound
 * webhooks' deliveries of what was stored) take their part in the same transaction.
 */
export async function handleWebhookEvents(tx: Tx, payloads: unknown[], hooks: WebhookBatchHooks): Promise<WebhookEventOutcome> {
  const changes = payloads.map(extractChanges);
  const outcome: BatchOutcome = { emits: [], mediaQueued: 0, textsQueued: 0, afterCommit: [], events: [] };
  await hooks.knownNumbers?.(
    tx,
    changes.flatMap((c) => c.messages),
  );
  const stored = await storeInbound(
    tx,
    changes.flatMap((c) => c.messages),
    outcome,
  );
  const forBots = hooks.optKeywords ? await hooks.optKeywords(tx, stored, outcome) : stored;
  await handOverInbound(tx, forBots, hooks.events, outcome);
  await storeStatuses(
    tx,
    changes.flatMap((c) => c.statuses),
    outcome,
  );
  await storeMarketingPreferences(
    tx,
    changes.flatMap((c) => c.preferences),
    changes.flatMap((c) => c.statuses),
  );
  // A status may name the number (or the username) of a customer known by BSUID: the contact learns it.
  await upsertContacts(
    tx,
    changes.flatMap((c) => c.recipients),
    { knownOnly: true },
  );
  await recordRefusals(
    tx,
    changes.flatMap((c) => c.refused),
  );
  addPublished(outcome, await hooks.events.publish(tx, [{ type: 'webhook.received', changes }]));
  addPublished(outcome, await hooks.events.publish(tx, outcome.events));
  return outcome;
}
