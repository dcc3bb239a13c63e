import { useQuery } from '@tanstack/react-query';
import type { templateConstantsResponseSchema } from '@wac/contract/templates';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { templatesQueryKey } from './search-templates';

export type TemplateConstants = z.infer<typeof templateConstantsResponseSchema>;

/** Categories, languages and limits as the server takes them; they do not change while the console runs. */
export function useTemplateConstants() {
  return useQuery({
    queryKey: [...templatesQueryKey, 'constants'],
    queryFn: ({ signal }) => apiRequest<TemplateConstants>('/api/templates/metadata/constants', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
