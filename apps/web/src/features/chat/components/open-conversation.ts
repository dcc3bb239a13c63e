import type { ConversationSummary } from '@wac/contract/chat';

/** The thread the URL opens: the customer's address, the business number when it names one, and the conversation once loaded. */
export interface OpenThread {
  phone: string;
  phoneNumberId: string | null;
  conversationId: number | null;
}

/**
 * Whether the list marks this conversation as the open one. A customer may have a conversation on each business number:
 * once the thread has loaded its conversation that one alone, before that the customer's on the URL's number (any when
 * the URL names none).
 */
export function isOpenConversation(conversation: ConversationSummary, open: OpenThread): boolean {
  if (open.conversationId !== null) return conversation.id === open.conversationId;
  const { phone, bsuid } = conversation.contact;
  if (!open.phone || (phone !== open.phone && bsuid !== open.phone)) return false;
  return open.phoneNumberId === null || conversation.phoneNumberId === open.phoneNumberId;
}
