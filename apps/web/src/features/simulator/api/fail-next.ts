import { useMutation } from '@tanstack/react-query';
import type { SandboxFailNextBody } from '@wac/contract/whatsapp-sandbox';
import { apiRequest } from '../../../lib/api-client';

export type FailNextRequest = Pick<SandboxFailNextBody, 'code' | 'count' | 'via'>;

export function useFailNext() {
  return useMutation({
    mutationFn: (body: FailNextRequest) => apiRequest<{ queued: number }>('/sandbox/control/fail-next', { method: 'POST', body }),
  });
}
