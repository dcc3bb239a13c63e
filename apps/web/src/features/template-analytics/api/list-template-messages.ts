import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { templateMessagesResponseSchema } from '@wac/contract/template-analytics';
import type { MessageStatus } from '@wac/contract/whatsapp-messages';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { AnalyticsRange } from './get-template-analytics';

export type TemplateMessagesPage = z.infer<typeof templateMessagesResponseSchema>;

export interface TemplateMessageFilters {
  templateName: string;
  status: MessageStatus | '';
  recipient: string;
  sortOrder: 'asc' | 'desc';
}

export function useTemplateMessages(range: AnalyticsRange, filters: TemplateMessageFilters, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: ['template-analytics', 'messages', range, filters, page, limit],
    queryFn: ({ signal }) =>
      apiRequest<TemplateMessagesPage>('/api/analytics/templates/messages', {
        query: {
          ...range,
          templateName: filters.templateName.trim(),
          status: filters.status,
          recipient: filters.recipient.trim(),
          sortBy: 'timestamp',
          sortOrder: filters.sortOrder,
          page,
          limit,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
