import { useQuery } from '@tanstack/react-query';
import type { Archive } from '@wac/contract/cleanup';
import { downloadFile } from '../../../lib/download-file';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { maintenanceKeys } from './maintenance-query-keys';

const ARCHIVES_PATH = '/api/database/archives';

/** The database cleanup's archives on the server, the last written first. */
export function useArchives() {
  return useQuery({
    queryKey: maintenanceKeys.archives,
    queryFn: ({ signal }) => requestWithFallback<{ archives: Archive[] }>(ARCHIVES_PATH, 'Failed to fetch the archives', { signal }),
  });
}

/** Saves one archive (.jsonl.gz) through the browser's download; a link could not send the bearer header. */
export const downloadArchive = (name: string) =>
  downloadFile(`${ARCHIVES_PATH}/${encodeURIComponent(name)}`, 'Failed to download the archive', name);
