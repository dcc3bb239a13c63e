import { useMutation } from '@tanstack/react-query';
import { mediaKindOfMime, mediaSizeLimits } from '@wac/contract/chat';
import { apiRequest } from '../../../lib/api-client';
import { useChatCache } from './chat-cache';
import type { SentMessage } from './send-message';

export interface SendMediaInput {
  file: File;
  recipientPhone: string;
  recipientName?: string;
  caption?: string;
  /** The business number it leaves from (the conversation's); the server's default without it. */
  from?: string;
}

const MB = 1024 * 1024;
const plural = { image: 'images', video: 'videos', audio: 'audio files', document: 'documents' } as const;

/** Meta's limit for the file's kind, checked before anything is uploaded; null when it fits. */
export function mediaSizeError(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const kind = mediaKindOfMime(file.type || 'application/octet-stream');
  const limit = mediaSizeLimits[kind];
  if (file.size <= limit) return null;
  return `${file.name} is too large to send: WhatsApp allows ${plural[kind]} of at most ${Math.round(limit / MB)} MB.`;
}

export function sendMedia(input: SendMediaInput): Promise<SentMessage> {
  const form = new FormData();
  form.append('recipientPhone', input.recipientPhone);
  if (input.recipientName) form.append('recipientName', input.recipientName);
  if (input.caption?.trim()) form.append('caption', input.caption.trim());
  if (input.from) form.append('from', input.from);
  // Fields go before the file so the server can read them while the file streams in.
  form.append('file', input.file, input.file.name);
  return apiRequest<SentMessage>('/api/agent/media', { method: 'POST', body: form });
}

export function useSendMedia() {
  const cache = useChatCache();
  return useMutation({
    mutationFn: sendMedia,
    onSuccess: ({ message }, input) => cache.addMessage(message, input.recipientPhone, input.from),
  });
}
