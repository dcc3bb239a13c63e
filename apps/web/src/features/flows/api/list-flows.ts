import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { flowListSchema } from '@wac/contract/flows';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { flowKeys } from './flow-query-keys';

export type FlowList = z.infer<typeof flowListSchema>;

export interface FlowsQuery {
  page: number;
  limit: number;
  search: string;
  /** '' for every flow. */
  isActive: 'true' | 'false' | '';
}

export const flowListKey = (query: FlowsQuery) => [...flowKeys.lists, query] as const;

export function fetchFlows(query: FlowsQuery, signal?: AbortSignal): Promise<FlowList> {
  return requestWithFallback<FlowList>('/api/listflows', 'Failed to fetch flows', {
    query: { page: query.page, limit: query.limit, search: query.search.trim(), isActive: query.isActive },
    signal,
  });
}

export function useFlows(query: FlowsQuery) {
  return useQuery({ queryKey: flowListKey(query), queryFn: ({ signal }) => fetchFlows(query, signal), placeholderData: keepPreviousData });
}
