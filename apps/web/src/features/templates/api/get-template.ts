import { useQuery } from '@tanstack/react-query';
import type { Template } from '@wac/contract/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesQueryKey } from './search-templates';

export const templateKey = (id: number) => [...templatesQueryKey, 'one', id] as const;

export function useTemplate(id: number) {
  return useQuery({
    queryKey: templateKey(id),
    queryFn: ({ signal }) => apiRequest<{ template: Template }>(`/api/templates/${id}`, { signal }).then((r) => r.template),
    enabled: Number.isInteger(id) && id > 0,
  });
}
