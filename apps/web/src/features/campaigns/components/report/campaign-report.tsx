import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { QueryStatus } from '../../../../ui/query-status';
import { useToast } from '../../../../ui/toasts';
import {
  REPORT_POLL_MS,
  useBatchAnalysis,
  useCampaignReport,
  useDeliverySummary,
  useDownloadRecipientsCsv,
  useFailureAnalysis,
  useRefreshReportWhenStopped,
  useRegenerateReport,
} from '../../api/campaign-reports';
import { ReportFailures } from './report-failures';
import { nothingSent } from './report-figures';
import { ReportFunnelChart } from './report-funnel-chart';
import { ReportKeyFigures } from './report-key-figures';
import { ReportTimelineChart } from './report-timeline-chart';
import './campaign-report.css';

interface CampaignReportProps {
  campaignId: string;
  /** While the campaign runs, every part of the report is fetched again every few seconds. */
  running: boolean;
}

/** A campaign's report: key figures, the delivery funnel, messages over time and failures by reason. */
export function CampaignReport({ campaignId, running }: CampaignReportProps) {
  const report = useCampaignReport(campaignId, running);
  const summary = useDeliverySummary(campaignId, running);
  const batches = useBatchAnalysis(campaignId, running);
  const failures = useFailureAnalysis(campaignId, running);
  const regenerate = useRegenerateReport(campaignId);
  const download = useDownloadRecipientsCsv(campaignId);
  const toast = useToast();
  useRefreshReportWhenStopped(campaignId, running);

  if (report.isPending || report.isError) return <QueryStatus query={report} loadingLabel="Loading report" />;

  const failed = (error: unknown, fallback: string) => {
    if (!shownByLicenceDialogs(error)) toast.show({ type: 'error', title: errorMessage(error, fallback) });
  };
  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => toast.show({ type: 'success', title: 'Report regenerated' }),
      onError: (error) => failed(error, 'Failed to regenerate report'),
    });
  const onDownload = () => download.mutate(undefined, { onError: (error) => failed(error, 'Failed to download recipients CSV') });

  return (
    <div className="campaign-report">
      <div className="row between report-toolbar">
        <p className="muted small">
          Generated {formatDateTime(report.data.generatedAt)}
          {running && ` · refreshed every ${REPORT_POLL_MS / 1000} seconds while the campaign runs`}
        </p>
        <div className="row-end">
          <Button variant="secondary" loading={regenerate.isPending} onClick={onRegenerate}>
            Regenerate report
          </Button>
          <Button variant="secondary" loading={download.isPending} onClick={onDownload}>
            Download recipients CSV
          </Button>
        </div>
      </div>

      {nothingSent(report.data) ? (
        <div className="empty-state">
          <p>No messages sent yet</p>
          <p className="small">The report fills in as the campaign sends its messages.</p>
        </div>
      ) : (
        <>
          <section aria-labelledby="report-figures-title">
            <h3 id="report-figures-title" className="visually-hidden">
              Key figures
            </h3>
            <ReportKeyFigures report={report.data} timing={summary.data?.timing} />
            {summary.isError && <QueryStatus query={summary} loadingLabel="Loading delivery summary" />}
          </section>
          <div className="report-charts">
            <ReportFunnelChart report={report.data} />
            {batches.data ? (
              batches.data.buckets.length > 0 ? (
                <ReportTimelineChart analysis={batches.data} />
              ) : (
                <section className="report-chart" aria-label="Messages over time">
                  <p className="muted">No sending events yet.</p>
                </section>
              )
            ) : (
              <div className="report-chart">
                <QueryStatus query={batches} loadingLabel="Loading batch analysis" />
              </div>
            )}
          </div>
          {failures.data ? (
            <ReportFailures analysis={failures.data} />
          ) : (
            <div className="report-chart">
              <QueryStatus query={failures} loadingLabel="Loading failure analysis" />
            </div>
          )}
        </>
      )}
    </div>
  );
}
