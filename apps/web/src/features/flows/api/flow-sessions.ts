import { useMutation } from '@tanstack/react-query';
import type { FlowSessionState, SessionInput } from '@wac/contract/flows';
import { requestWithFallback } from '../../../lib/request-with-fallback';

/** Spec 7: a session runs the flow's saved version for a customer; the Try it panel plays that customer. */
export function useStartSession() {
  return useMutation({
    mutationFn: (body: { flowId: number; userId: string; metadata: Record<string, unknown> }) =>
      requestWithFallback<FlowSessionState>('/api/sessions/start', 'Failed to start the flow', {
        method: 'POST',
        body: { ...body, flowId: String(body.flowId) },
      }),
  });
}

export function useContinueSession() {
  return useMutation({
    mutationFn: ({ sessionId, input }: { sessionId: string; input: SessionInput }) =>
      requestWithFallback<FlowSessionState>(`/api/sessions/${sessionId}/continue`, 'Failed to send the answer', {
        method: 'POST',
        body: { input },
      }),
  });
}

export function useEndSession() {
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) =>
      requestWithFallback<FlowSessionState>(`/api/sessions/${sessionId}/end`, 'Failed to end the session', {
        method: 'POST',
        body: { reason },
      }),
  });
}
