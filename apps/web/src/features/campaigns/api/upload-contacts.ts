import { useMutation } from '@tanstack/react-query';
import type { contactsPreviewResponseSchema } from '@wac/contract/campaigns';
import { detectLicenseError } from '@wac/contract/license-errors';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { publishLicenseError } from '../../../lib/license-events';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { clearSession, rememberSessionExpired, storedToken } from '../../../lib/session-storage';
import { type ContactImportResult, useContactsChanged } from './campaign-contacts';

export type ContactsPreview = z.infer<typeof contactsPreviewResponseSchema>;

/** The server reads no more than this of a CSV to preview it, so no more is sent. */
export const PREVIEW_BYTES = 64 * 1024;

/** POST /api/campaign/contacts/upload's `mapping`: which column holds what. */
export interface ContactMappingBody {
  phone: string;
  name?: string;
  variables?: Record<string, string>;
}

export function useContactsPreview() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file.slice(0, PREVIEW_BYTES), file.name);
      return requestWithFallback<ContactsPreview>('/api/campaign/contacts/preview', 'Failed to read the CSV file', {
        method: 'POST',
        body: form,
      });
    },
  });
}

const UPLOAD_FAILED = 'Failed to upload contacts';

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * fetch() cannot report how much of a request body has been sent, so the upload goes through XMLHttpRequest for its
 * progress; the answer is read with the api client's rules (bearer token, licence errors, 401, the server's words).
 */
function postWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = storedToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(UPLOAD_FAILED, 0, undefined, null));
    xhr.onload = () => {
      const body = parsed(xhr.responseText);
      const license = detectLicenseError(body);
      if (license) publishLicenseError({ payload: license, status: xhr.status, modalsSuppressed: false });
      if (xhr.status === 401 && token) {
        clearSession();
        rememberSessionExpired('Session expired');
        window.location.reload();
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const data = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown };
      const message = typeof data.error === 'string' ? data.error : UPLOAD_FAILED;
      reject(new ApiError(message, xhr.status, typeof data.code === 'string' ? data.code : undefined, body, license));
    };
    xhr.send(form);
  });
}

export interface UploadContactsInput {
  id: string;
  file: File;
  mapping: ContactMappingBody;
  onProgress: (fraction: number) => void;
}

export function uploadContacts({ id, file, mapping, onProgress }: UploadContactsInput): Promise<ContactImportResult> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return postWithProgress<ContactImportResult>(`/api/campaign/campaigns/${id}/contacts/upload`, form, onProgress);
}

export function useUploadContacts() {
  const changed = useContactsChanged();
  return useMutation({ mutationFn: uploadContacts, onSuccess: changed });
}
