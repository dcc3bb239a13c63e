import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { type MediaKind, type MessageContent, mediaKinds } from '@wac/contract/whatsapp-messages';
import { normalizePhone } from '@wac/contract/whatsapp-phone';
import { reopenEndedSessions } from '../../modules/agent-sessions/agent-sessions.repository.ts';
import { insertPendingInboundMedia, type NewInboundMedia } from '../../modules/media/media.repository.ts';
import { applyTemplateUpdate } from '../../modules/templates/template-status.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { errorFromMeta, inboundContent } from '../messages/inbound-content.ts';
import { conversationKey, insertInboundMessages, upsertContacts, upsertConversations } from '../messages/inbound-messages.repository.ts';
import { messageReceivedEmit, messageStatusEmit } from '../messages/message-events.ts';
import { applyStatuses } from '../messages/message-statuses.repository.ts';
import type { ContactRow, MessageRow, Tx } from '../messages/messages.repository.ts';
import { extractChanges, type InboundItem, metaTime, type StatusItem } from './webhook-payload.ts';

export interface WebhookEventOutcome {
  /** Realtime events to send once the transaction is committed. */
  emits: RealtimeEmit[];
  /** Inbound files queued for download in this transaction. */
  mediaQueued: number;
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

/** Customers' messages: their contacts and conversations first, then the messages, each step one statement for all. */
async function storeInbound(tx: Tx, inbound: InboundItem[], outcome: WebhookEventOutcome): Promise<void> {
  const withPhone = inbound.flatMap((item) => {
    const phone = normalizePhone(item.message.from);
    return phone ? [{ item, phone }] : [];
  });
  if (withPhone.length === 0) return;
  const contactsByPhone = await upsertContacts(
    tx,
    withPhone.map(({ item, phone }) => ({ phone, waId: item.message.from, name: item.profileName })),
  );
  const items = withPhone.map(({ item, phone }) => {
    const contact = contactsByPhone.get(phone) as ContactRow;
    return { item, contact, key: { contactId: contact.id, phoneNumberId: item.phoneNumberId } };
  });
  const conversationIds = await upsertConversations(
    tx,
    items.map(({ key }) => key),
  );
  const contactByConversation = new Map<number, ContactRow>();
  const stored = await insertInboundMessages(
    tx,
    items.map(({ item, contact, key }) => {
      const conversationId = conversationIds.get(conversationKey(key)) as number;
      contactByConversation.set(conversationId, contact);
      return { conversationId, wamid: item.message.id, ...inboundContent(item.message), timestamp: metaTime(item.message.timestamp) };
    }),
  );
  const written = new Set(stored.map((message) => message.conversationId));
  const reopened = await reopenEndedSessions(
    tx,
    [...written].map((conversationId) => ({ conversationId, phone: (contactByConversation.get(conversationId) as ContactRow).phone })),
  );
  outcome.emits.push(...reopened.map((session) => ({ event: whatsappEventNames.sessionUpdate, payload: session })));
  const media = stored.flatMap(pendingMedia);
  await insertPendingInboundMedia(tx, media);
  outcome.mediaQueued += media.length;
  for (const message of stored)
    outcome.emits.push(messageReceivedEmit(message, contactByConversation.get(message.conversationId) as ContactRow));
}

async function storeStatuses(tx: Tx, statuses: StatusItem[], outcome: WebhookEventOutcome): Promise<void> {
  const results = await applyStatuses(
    tx,
    statuses.map((status) => ({
      wamid: status.wamid,
      status: status.status,
      timestamp: status.timestamp,
      error: errorFromMeta(status.errors),
    })),
  );
  for (const result of results) if (result.changed) outcome.emits.push(...messageStatusEmit(result.message));
}

/**
 * Stores what a batch of webhook deliveries says, in a few statements for the whole batch, and says what to announce
 * and fetch once it is committed.
 */
export async function handleWebhookEvents(tx: Tx, payloads: unknown[]): Promise<WebhookEventOutcome> {
  const changes = payloads.map(extractChanges);
  const outcome: WebhookEventOutcome = { emits: [], mediaQueued: 0 };
  await storeInbound(
    tx,
    changes.flatMap((c) => c.messages),
    outcome,
  );
  await storeStatuses(
    tx,
    changes.flatMap((c) => c.statuses),
    outcome,
  );
  for (const update of changes.flatMap((c) => c.templates)) outcome.emits.push(...(await applyTemplateUpdate(tx, update)));
  return outcome;
}
