import { useMutation } from '@tanstack/react-query';
import type { ChatMessage } from '@wac/contract/chat';
import type { SendTemplateBody } from '@wac/contract/templates';
import { apiRequest } from '../../../lib/api-client';

export function sendTemplate(body: SendTemplateBody): Promise<ChatMessage> {
  return apiRequest<{ message: ChatMessage }>('/api/send-template', { method: 'POST', body }).then((r) => r.message);
}

export function useSendTemplate() {
  return useMutation({ mutationFn: sendTemplate });
}
