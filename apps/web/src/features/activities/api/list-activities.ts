import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { listActivitiesResponseSchema, SourceType } from '@wac/contract/activities';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ActivitiesList = z.infer<typeof listActivitiesResponseSchema>;

export interface ActivitiesQuery {
  page: number;
  limit: number;
  type: string;
  source: SourceType | '';
  unreadOnly: boolean;
}

export const activitiesQueryKey = ['activities', 'page'] as const;

export function activitiesKey(query: ActivitiesQuery) {
  return [...activitiesQueryKey, query] as const;
}

export function fetchActivities(query: ActivitiesQuery, signal?: AbortSignal): Promise<ActivitiesList> {
  return apiRequest<ActivitiesList>('/api/activities', {
    query: {
      page: query.page,
      limit: query.limit,
      type: query.type,
      method: query.source,
      unreadOnly: query.unreadOnly ? 'true' : undefined,
    },
    signal,
  });
}

export function useActivities(query: ActivitiesQuery) {
  return useQuery({
    queryKey: activitiesKey(query),
    queryFn: ({ signal }) => fetchActivities(query, signal),
    placeholderData: keepPreviousData,
  });
}
