import type { typingResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The agent is typing: the server shows the customer WhatsApp's typing indicator (at most every 20 seconds). */
export function sendTyping(conversationId: number): Promise<z.infer<typeof typingResponseSchema>> {
  return apiRequest('/api/agent/typing', { method: 'POST', body: { conversationId } });
}
