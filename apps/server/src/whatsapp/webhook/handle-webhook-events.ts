import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { type MediaKind, type MessageContent, mediaKinds } from '@wac/contract/whatsapp-messages';
import { normalizePhone } from '@wac/contract/whatsapp-phone';
import { reopenEndedSession } from '../../modules/agent-sessions/agent-sessions.repository.ts';
import { insertPendingInboundMedia } from '../../modules/media/media.repository.ts';
import { applyTemplateUpdate } from '../../modules/templates/template-status.ts';
import { errorFromMeta, inboundContent } from '../messages/inbound-content.ts';
import { messageReceivedEmit, messageStatusEmit, type RealtimeEmit } from '../messages/message-events.ts';
import {
  applyStatus,
  insertInbound,
  type MessageRow,
  type Tx,
  upsertContact,
  upsertConversation,
} from '../messages/messages.repository.ts';
import { extractChanges, type InboundItem, metaTime } from './webhook-payload.ts';

export interface WebhookEventOutcome {
  /** Realtime events to send once the transaction is committed. */
  emits: RealtimeEmit[];
  /** Inbound files queued for download in this transaction. */
  mediaQueued: number;
}

const isMediaKind = (type: string): type is MediaKind => (mediaKinds as readonly string[]).includes(type);

/** A customer's file is queued for download with its message, so a stored media message always has its row. */
async function queueMedia(tx: Tx, message: MessageRow): Promise<boolean> {
  const { media } = message.content as MessageContent;
  if (!isMediaKind(message.type) || !media?.id) return false;
  await insertPendingInboundMedia(tx, {
    messageId: message.id,
    kind: message.type,
    metaMediaId: media.id,
    mimeType: media.mimeType,
    sha256: media.sha256,
    filename: media.filename,
  });
  return true;
}

async function storeInbound(tx: Tx, item: InboundItem, outcome: WebhookEventOutcome): Promise<void> {
  const { message } = item;
  const phone = normalizePhone(message.from);
  if (!phone) return;
  const contact = await upsertContact(tx, { phone, waId: message.from, name: item.profileName });
  const conversationId = await upsertConversation(tx, contact.id, item.phoneNumberId);
  const { type, content, error } = inboundContent(message);
  const stored = await insertInbound(tx, {
    conversationId,
    wamid: message.id,
    type,
    content,
    error,
    timestamp: metaTime(message.timestamp),
  });
  if (!stored) return;
  const reopened = await reopenEndedSession(tx, conversationId, contact.phone);
  if (reopened) outcome.emits.push({ event: whatsappEventNames.sessionUpdate, payload: reopened });
  if (await queueMedia(tx, stored)) outcome.mediaQueued += 1;
  outcome.emits.push(messageReceivedEmit(stored, contact));
}

/** Stores what one webhook delivery says, and says what to announce and fetch once it is committed. */
export async function handleWebhookEvent(tx: Tx, payload: unknown): Promise<WebhookEventOutcome> {
  const changes = extractChanges(payload);
  const outcome: WebhookEventOutcome = { emits: [], mediaQueued: 0 };
  for (const item of changes.messages) await storeInbound(tx, item, outcome);
  for (const status of changes.statuses) {
    const result = await applyStatus(tx, {
      wamid: status.wamid,
      status: status.status,
      timestamp: status.timestamp,
      error: errorFromMeta(status.errors),
    });
    if (result?.changed) outcome.emits.push(...messageStatusEmit(result.message));
  }
  for (const update of changes.templates) outcome.emits.push(...(await applyTemplateUpdate(tx, update)));
  return outcome;
}
