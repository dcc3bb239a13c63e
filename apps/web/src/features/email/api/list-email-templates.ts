import { useQuery } from '@tanstack/react-query';
import type { emailTemplateSchema, emailTemplatesResponseSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesQueryKey = ['settings', 'email', 'templates'] as const;

export async function fetchEmailTemplates(signal?: AbortSignal): Promise<EmailTemplate[]> {
  const body = await apiRequest<z.infer<typeof emailTemplatesResponseSchema>>('/api/email/templates', { signal });
  return body.templates;
}

export function useEmailTemplates() {
  return useQuery({ queryKey: emailTemplatesQueryKey, queryFn: ({ signal }) => fetchEmailTemplates(signal) });
}
