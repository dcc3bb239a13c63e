import { ApiError } from './api-client';
import { storedToken } from './session-storage';

/** The file name the server gave in Content-Disposition, else `fallback`. */
export function attachmentFilename(contentDisposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a file the API answers, fetched with the bearer header (a plain link could not send it) and saved from a
 * blob; a refusal throws the server's message, else `failure`. Answers the file name.
 */
export async function downloadFile(url: string, failure: string, fallbackName: string): Promise<string> {
  const token = storedToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(body?.error ?? failure, response.status, body?.code, body);
  }
  const filename = attachmentFilename(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), filename);
  return filename;
}

/** Hands a file made in the browser (an export) to the browser's download, under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
