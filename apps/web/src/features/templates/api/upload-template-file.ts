import { useMutation } from '@tanstack/react-query';
import type { TemplateUpload, templateMediaHandleResponseSchema } from '@wac/contract/templates';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TemplateMediaHandle = z.infer<typeof templateMediaHandleResponseSchema>;

const form = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/** A header sample for review: Meta's resumable upload answers the handle that goes into the draft. */
export function useUploadHeaderSample() {
  return useMutation({
    mutationFn: (file: File) => apiRequest<TemplateMediaHandle>('/api/templates/upload-media', { method: 'POST', body: form(file) }),
  });
}

/** Header media for a send: kept by the server and named by its id in the send's header parameter. */
export function useUploadHeaderFile() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<{ upload: TemplateUpload }>('/api/templates/upload-file', { method: 'POST', body: form(file) }).then((r) => r.upload),
  });
}
