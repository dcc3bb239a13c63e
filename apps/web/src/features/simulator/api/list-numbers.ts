import { useQuery } from '@tanstack/react-query';
import type { sandboxNumbersResponseSchema } from '@wac/contract/whatsapp-sandbox';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type SandboxNumbers = z.infer<typeof sandboxNumbersResponseSchema>;

/** The business numbers the sandbox plays, the first first: fixed for the life of the server (and apart from the polled keys). */
export function useSandboxNumbers() {
  return useQuery({
    queryKey: ['sandbox', 'numbers'],
    queryFn: ({ signal }) => apiRequest<SandboxNumbers>('/sandbox/control/numbers', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.numbers,
  });
}
