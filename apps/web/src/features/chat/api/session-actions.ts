import { useMutation } from '@tanstack/react-query';
import type { AgentSession, endSessionBodySchema } from '@wac/contract/agent-sessions';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useChatCache } from './chat-cache';

export type EndSessionInput = z.input<typeof endSessionBodySchema>;

export type SessionRequest =
  | { action: 'takeover'; conversationId: number }
  | { action: 'return-to-bot'; conversationId: number }
  | { action: 'end'; conversationId: number; body: EndSessionInput };

/** {id} is the conversation's id; the answer is the session as it now stands. */
export function changeSession(request: SessionRequest): Promise<AgentSession> {
  const body = request.action === 'end' ? request.body : request.action === 'takeover' ? {} : undefined;
  return apiRequest<AgentSession>(`/api/agent/session/${request.conversationId}/${request.action}`, { method: 'POST', body });
}

/** Takeover, return to bot and end: the header changes as soon as the server answers. */
export function useChangeSession() {
  const cache = useChatCache();
  return useMutation({
    mutationFn: changeSession,
    onSuccess: (session) => cache.applySession(session),
  });
}
