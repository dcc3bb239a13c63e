import { useMutation } from '@tanstack/react-query';
import { type AgentSession, type endSessionBodySchema, heldByOtherDetailsSchema, type SessionHolder } from '@wac/contract/agent-sessions';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useChatCache } from './chat-cache';

export type EndSessionInput = z.input<typeof endSessionBodySchema>;

export type SessionRequest =
  /** `confirmHolderId`: the colleague the person confirmed taking the conversation from. */
  | { action: 'takeover'; conversationId: number; confirmHolderId?: number }
  | { action: 'return-to-bot'; conversationId: number }
  | { action: 'end'; conversationId: number; body: EndSessionInput };

/** {id} is the conversation's id; the answer is the session as it now stands. */
export function changeSession(request: SessionRequest): Promise<AgentSession> {
  const body =
    request.action === 'end' ? request.body : request.action === 'takeover' ? { confirmHolderId: request.confirmHolderId } : undefined;
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

/** The colleague a 409 names when it refuses to act or write in a conversation they hold; null for any other error. */
export function refusingHolder(error: unknown): SessionHolder | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = (error.body as { details?: unknown } | null)?.details;
  const parsed = heldByOtherDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data.holder : null;
}
