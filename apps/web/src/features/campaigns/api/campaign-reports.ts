import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CampaignBatchAnalysis,
  CampaignDeliverySummary,
  CampaignFailureAnalysis,
  CampaignReport,
} from '@wac/contract/campaign-reports';
import { campaignEventNames } from '@wac/contract/campaigns';
import { useEffect, useRef } from 'react';
import { attachmentFilename, downloadFile } from '../../../lib/download-file';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { useSocketEvent } from '../../../lib/socket';
import { campaignsQueryKey } from './campaign-query-keys';

/** While a campaign runs its report is fetched this often. */
export const REPORT_POLL_MS = 5000;

/** Under the campaigns key, so a campaign action's invalidation refreshes the report too; `all` refreshes the four. */
export const campaignReportKeys = {
  all: (id: string) => [...campaignsQueryKey, 'report', id] as const,
  report: (id: string) => [...campaignsQueryKey, 'report', id, 'report'] as const,
  deliverySummary: (id: string) => [...campaignsQueryKey, 'report', id, 'delivery-summary'] as const,
  batchAnalysis: (id: string) => [...campaignsQueryKey, 'report', id, 'batch-analysis'] as const,
  failureAnalysis: (id: string) => [...campaignsQueryKey, 'report', id, 'failure-analysis'] as const,
};

const base = (id: string) => `/api/campaign/campaigns/${id}`;
const poll = (running: boolean) => (running ? REPORT_POLL_MS : false);

export function fetchCampaignReport(id: string, signal?: AbortSignal): Promise<CampaignReport> {
  return requestWithFallback<{ report: CampaignReport }>(`${base(id)}/report`, 'Failed to fetch campaign report', { signal }).then(
    (r) => r.report,
  );
}

export function fetchDeliverySummary(id: string, signal?: AbortSignal): Promise<CampaignDeliverySummary> {
  return requestWithFallback<{ deliverySummary: CampaignDeliverySummary }>(
    `${base(id)}/delivery-summary`,
    'Failed to fetch delivery summary',
    {
      signal,
    },
  ).then((r) => r.deliverySummary);
}

export function fetchBatchAnalysis(id: string, signal?: AbortSignal): Promise<CampaignBatchAnalysis> {
  return requestWithFallback<{ batchAnalysis: CampaignBatchAnalysis }>(`${base(id)}/batch-analysis`, 'Failed to fetch batch analysis', {
    signal,
  }).then((r) => r.batchAnalysis);
}

export function fetchFailureAnalysis(id: string, signal?: AbortSignal): Promise<CampaignFailureAnalysis> {
  return requestWithFallback<{ failureAnalysis: CampaignFailureAnalysis }>(
    `${base(id)}/failure-analysis`,
    'Failed to fetch failure analysis',
    {
      signal,
    },
  ).then((r) => r.failureAnalysis);
}

export function useCampaignReport(id: string, running: boolean) {
  return useQuery({
    queryKey: campaignReportKeys.report(id),
    queryFn: ({ signal }) => fetchCampaignReport(id, signal),
    refetchInterval: poll(running),
  });
}

export function useDeliverySummary(id: string, running: boolean) {
  return useQuery({
    queryKey: campaignReportKeys.deliverySummary(id),
    queryFn: ({ signal }) => fetchDeliverySummary(id, signal),
    refetchInterval: poll(running),
  });
}

export function useBatchAnalysis(id: string, running: boolean) {
  return useQuery({
    queryKey: campaignReportKeys.batchAnalysis(id),
    queryFn: ({ signal }) => fetchBatchAnalysis(id, signal),
    refetchInterval: poll(running),
  });
}

export function useFailureAnalysis(id: string, running: boolean) {
  return useQuery({
    queryKey: campaignReportKeys.failureAnalysis(id),
    queryFn: ({ signal }) => fetchFailureAnalysis(id, signal),
    refetchInterval: poll(running),
  });
}

/**
 * Polling stops with the run, maybe just before its last sends: the report is fetched once more when it stops, and
 * again whenever the campaign's counts move afterwards (statuses keep coming after a pause or the end).
 */
export function useRefreshReportWhenStopped(id: string, running: boolean) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: campaignReportKeys.all(id) });
    wasRunning.current = running;
  }, [id, running, queryClient]);
  useSocketEvent(campaignEventNames.progress, (event) => {
    if (event.campaignId === id && !running) void queryClient.invalidateQueries({ queryKey: campaignReportKeys.all(id) });
  });
}

/** Reports are computed live; regenerating records it in the activity log, and then every part is fetched afresh. */
export function useRegenerateReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      requestWithFallback<{ report: CampaignReport }>(`${base(id)}/regenerate-report`, 'Failed to regenerate report', { method: 'POST' }),
    onSuccess: ({ report }) => {
      queryClient.setQueryData(campaignReportKeys.report(id), report);
      return queryClient.invalidateQueries({ queryKey: campaignReportKeys.all(id) });
    },
  });
}

/** The name the server gave in Content-Disposition, else one after the campaign's id. */
export const recipientsCsvFilename = (contentDisposition: string | null, id: string) =>
  attachmentFilename(contentDisposition, `campaign-${id}-recipients.csv`);

export const downloadRecipientsCsv = (id: string): Promise<string> =>
  downloadFile(`${base(id)}/report/recipients.csv`, 'Failed to download recipients CSV', recipientsCsvFilename(null, id));

export function useDownloadRecipientsCsv(id: string) {
  return useMutation({ mutationFn: () => downloadRecipientsCsv(id) });
}
