import type { ChatMedia, ChatMessage } from '@wac/contract/chat';
import type { MessageSentiment } from '@wac/contract/sentiment';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { MessageRow } from './messages.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface ChatMessageExtras {
  sender?: { id: number; username: string } | null;
  apiKey?: { id: number; name: string } | null;
  media?: ChatMedia | null;
}

/** The one shape a stored message takes on its way to the console (API answers and realtime events). */
export function toChatMessage(row: MessageRow, extras: ChatMessageExtras = {}): ChatMessage {
  const failed = row.errorCode !== null || row.errorTitle !== null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    wamid: row.wamid,
    direction: row.direction as ChatMessage['direction'],
    type: row.type,
    content: row.content as MessageContent,
    status: row.status,
    timestamp: row.timestamp.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    failedAt: iso(row.failedAt),
    error: failed ? { code: row.errorCode, title: row.errorTitle, details: row.errorDetails } : null,
    retryCount: row.retryCount,
    sender: extras.sender ?? null,
    apiKey: extras.apiKey ?? null,
    media: extras.media ?? null,
    sentiment: sentimentOf(row),
  };
}

/** A scored customer's text: the label that counts (a person's correction, else the scorer's) and the scorer's score. */
export function sentimentOf(row: Pick<MessageRow, 'sentimentLabel' | 'sentimentScore' | 'sentimentCorrectedAt'>): MessageSentiment | null {
  if (row.sentimentLabel === null || row.sentimentScore === null) return null;
  return { label: row.sentimentLabel, score: row.sentimentScore, corrected: row.sentimentCorrectedAt !== null };
}
