import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TemplateCategory, TemplateStatus, templateSearchResponseSchema } from '@wac/contract/templates';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TemplateSearchResult = z.infer<typeof templateSearchResponseSchema>;

export interface TemplateFilters {
  category: TemplateCategory | '';
  status: TemplateStatus | '';
  language: string;
  name: string;
}

/** Every template query starts with this key, so one invalidation refreshes lists, pickers and single templates. */
export const templatesQueryKey = ['templates'] as const;
export const templateSearchKey = [...templatesQueryKey, 'search'] as const;

export function searchTemplates(filters: TemplateFilters, limit: number, offset: number, signal?: AbortSignal) {
  return apiRequest<TemplateSearchResult>('/api/templates/search', {
    query: { ...filters, name: filters.name.trim(), limit, offset },
    signal,
  });
}

export function useTemplateSearch(filters: TemplateFilters, limit: number, offset: number) {
  return useQuery({
    queryKey: [...templateSearchKey, filters, limit, offset],
    queryFn: ({ signal }) => searchTemplates(filters, limit, offset, signal),
    placeholderData: keepPreviousData,
  });
}
