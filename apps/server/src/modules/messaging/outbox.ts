import type { CloudApiClient } from '../../whatsapp/cloud-api-client.ts';

/**
 * Where a conversation's messages go: to the customer (their number, or their BSUID while no number is known) from the
 * business number the conversation belongs to, whose Graph client sends them.
 */
export interface Outbox {
  to: string;
  client: CloudApiClient;
}

export const outboxOf = (client: CloudApiClient, conversation: { waId: string; phoneNumberId: string }): Outbox => ({
  to: conversation.waId,
  client: client.forNumber(conversation.phoneNumberId),
});
