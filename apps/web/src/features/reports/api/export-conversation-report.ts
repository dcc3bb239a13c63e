import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { storedToken } from '../../../lib/session-storage';
import { type ReportFilters, reportQueryParams } from './get-conversation-report';

/** The file name the server gave in Content-Disposition, else one built from the range. */
export function csvFilename(contentDisposition: string | null, filters: ReportFilters): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  if (plain) return plain;
  return `conversations-${filters.startDate || 'all'}-${filters.endDate || 'now'}.csv`;
}

/** Fetched with the bearer header (a plain link could not send it), then saved from a blob. */
async function exportReport(filters: ReportFilters): Promise<string> {
  const token = storedToken();
  const response = await fetch(`/api/reports/conversations/export?${new URLSearchParams(reportQueryParams(filters))}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(body?.error ?? 'The export failed', response.status, body?.code, body);
  }
  const filename = csvFilename(response.headers.get('content-disposition'), filters);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

export function useExportConversationReport() {
  return useMutation({ mutationFn: exportReport });
}
