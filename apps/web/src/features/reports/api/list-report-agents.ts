import { useQuery } from '@tanstack/react-query';
import type { conversationReportAgentsResponseSchema } from '@wac/contract/conversation-reports';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The agents holding a conversation now: the report's agent filter. */
export function useReportAgents() {
  return useQuery({
    queryKey: ['reports', 'conversations', 'agents'],
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof conversationReportAgentsResponseSchema>>('/api/reports/conversations/agents', { signal }),
  });
}
