import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { testCampaignTemplateResponseSchema } from '@wac/contract/campaigns';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import type { ContactInput } from './campaign-contacts';
import { campaignKeys } from './campaign-query-keys';

export type TemplateTestResult = z.infer<typeof testCampaignTemplateResponseSchema>;

/** The approved templates a campaign can send. */
export function useCampaignTemplates() {
  return useQuery({
    queryKey: campaignKeys.templates,
    queryFn: ({ signal }) =>
      requestWithFallback<{ templates: Template[]; total: number }>('/api/campaign/templates', 'Failed to fetch campaign templates', {
        signal,
      }).then((r) => r.templates),
    staleTime: 30_000,
  });
}

export interface TemplateTestInput {
  templateId: number;
  components: SendComponent[];
  contact: ContactInput;
}

/** The message one contact would receive, and the placeholders they have no value for. */
export function useTemplateTest(input: TemplateTestInput | null) {
  return useQuery({
    queryKey: [...campaignKeys.templates, 'test', input],
    queryFn: ({ signal }) =>
      requestWithFallback<TemplateTestResult>('/api/campaign/templates/test', 'Failed to test campaign template', {
        method: 'POST',
        body: input,
        signal,
      }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
