import { useMutation } from '@tanstack/react-query';
import { attachmentFilename, downloadFile } from '../../../lib/download-file';
import { type ReportFilters, reportQueryParams } from './get-conversation-report';

/** The file name the server gave in Content-Disposition, else one built from the range. */
export const csvFilename = (contentDisposition: string | null, filters: ReportFilters) =>
  attachmentFilename(contentDisposition, `conversations-${filters.startDate || 'all'}-${filters.endDate || 'now'}.csv`);

const exportReport = (filters: ReportFilters): Promise<string> =>
  downloadFile(
    `/api/reports/conversations/export?${new URLSearchParams(reportQueryParams(filters))}`,
    'The export failed',
    csvFilename(null, filters),
  );

export function useExportConversationReport() {
  return useMutation({ mutationFn: exportReport });
}
