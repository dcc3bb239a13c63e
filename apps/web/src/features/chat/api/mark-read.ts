import type { markReadResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type MarkReadResult = z.infer<typeof markReadResponseSchema>;

/** Inbound message ids the agent has now seen; the server also sends the read receipt to the customer. */
export function markMessagesRead(messageIds: number[]): Promise<MarkReadResult> {
  return apiRequest<MarkReadResult>('/api/agent/mark-read', { method: 'POST', body: { messages: messageIds } });
}
