import { useQuery } from '@tanstack/react-query';
import type { sandboxCustomersResponseSchema } from '@wac/contract/whatsapp-sandbox';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { simulatorQueryKey } from './simulator-query-keys';

type SandboxCustomers = z.infer<typeof sandboxCustomersResponseSchema>;

export function useSimulatorCustomers() {
  return useQuery({
    queryKey: [...simulatorQueryKey, 'customers'],
    queryFn: ({ signal }) => apiRequest<SandboxCustomers>('/sandbox/control/customers', { signal }),
    refetchInterval: 10_000,
  });
}
