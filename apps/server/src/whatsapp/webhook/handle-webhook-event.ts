import { normalizePhone } from '@wac/contract/whatsapp-phone';
import { errorFromMeta, inboundContent } from '../messages/inbound-content.ts';
import { messageReceivedEmit, messageStatusEmit, type RealtimeEmit } from '../messages/message-events.ts';
import { applyStatus, insertInbound, type Tx, upsertContact, upsertConversation } from '../messages/messages.repository.ts';
import { extractChanges, type InboundItem, metaTime } from './webhook-payload.ts';

async function storeInbound(tx: Tx, item: InboundItem): Promise<RealtimeEmit | null> {
  const { message } = item;
  const phone = normalizePhone(message.from);
  if (!phone) return null;
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
  return stored ? messageReceivedEmit(stored, contact) : null;
}

/** Stores what one webhook delivery says and returns the realtime events to send once it is committed. */
export async function handleWebhookEvent(tx: Tx, payload: unknown): Promise<RealtimeEmit[]> {
  const changes = extractChanges(payload);
  const emits: RealtimeEmit[] = [];
  for (const item of changes.messages) {
    const emit = await storeInbound(tx, item);
    if (emit) emits.push(emit);
  }
  for (const status of changes.statuses) {
    const result = await applyStatus(tx, {
      wamid: status.wamid,
      status: status.status,
      timestamp: status.timestamp,
      error: errorFromMeta(status.errors),
    });
    if (result?.changed) emits.push(messageStatusEmit(result.message));
  }
  return emits;
}
