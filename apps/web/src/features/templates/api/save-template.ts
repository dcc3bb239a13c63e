import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateDraft } from '@wac/contract/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesQueryKey } from './search-templates';

/** Creates (and submits to Meta) a new template, or resubmits an existing one with new components. */
export function saveTemplate({ id, draft }: { id?: number; draft: TemplateDraft }): Promise<Template> {
  const request = id
    ? apiRequest<{ template: Template }>(`/api/templates/${id}`, { method: 'PUT', body: draft })
    : apiRequest<{ template: Template }>('/api/templates', { method: 'POST', body: draft });
  return request.then((r) => r.template);
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
