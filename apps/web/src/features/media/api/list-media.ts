import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { mediaListResponseSchema } from '@wac/contract/media-library';
import type { MediaKind, MessageDirection } from '@wac/contract/whatsapp-messages';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type MediaList = z.infer<typeof mediaListResponseSchema>;

export interface MediaFilters {
  page: number;
  limit: number;
  /** Empty: every kind. */
  kind: MediaKind | '';
  /** Empty: sent and received. */
  direction: MessageDirection | '';
}

/** The query string of GET /api/media; an empty filter is left out rather than sent blank. */
export function mediaQueryParams(filters: MediaFilters): Record<string, string | number> {
  return {
    page: filters.page,
    limit: filters.limit,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.direction ? { direction: filters.direction } : {}),
  };
}

export function useMediaLibrary(filters: MediaFilters) {
  return useQuery({
    queryKey: ['media', 'library', filters],
    queryFn: ({ signal }) => apiRequest<MediaList>('/api/media', { query: mediaQueryParams(filters), signal }),
    placeholderData: keepPreviousData,
  });
}
