import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { templateSyncResponseSchema } from '@wac/contract/templates';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { templatesQueryKey } from './search-templates';

export type TemplateSyncResult = z.infer<typeof templateSyncResponseSchema>;

export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TemplateSyncResult>('/api/templates/sync', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
