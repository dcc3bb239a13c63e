import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateName, emailTemplateResponseSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { type EmailTemplate, emailTemplatesQueryKey } from './list-email-templates';

export async function updateEmailTemplate(name: EmailTemplateName, template: { subject: string; text: string }): Promise<EmailTemplate> {
  const body = await apiRequest<z.infer<typeof emailTemplateResponseSchema>>(`/api/email/templates/${name}`, {
    method: 'PUT',
    body: { template },
  });
  return body.template;
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, template }: { name: EmailTemplateName; template: { subject: string; text: string } }) =>
      updateEmailTemplate(name, template),
    onSuccess: (saved) =>
      queryClient.setQueryData<EmailTemplate[]>(emailTemplatesQueryKey, (old) => old?.map((t) => (t.name === saved.name ? saved : t))),
  });
}
