import type { FlowAnalytics } from '@wac/contract/flows';
import { errorMessage } from '../../../../lib/api-client';
import { Spinner } from '../../../../ui/spinner';

interface AnalyticsSummaryProps {
  analytics: { data?: FlowAnalytics; isPending: boolean; isError: boolean; error: unknown };
}

/** Above the canvas while the overlay is on: the sessions of the flow; per-node figures show on the nodes. */
export function AnalyticsSummary({ analytics }: AnalyticsSummaryProps) {
  if (analytics.isPending) return <Spinner size="small" label="Loading analytics" />;
  if (analytics.isError || !analytics.data)
    return (
      <p className="field-error" role="alert">
        {errorMessage(analytics.error, 'Failed to fetch flow analytics')}
      </p>
    );
  const { sessions, completed, handedOff } = analytics.data;
  return (
    <p className="flow-analytics-summary" role="status">
      <strong>{sessions}</strong> {sessions === 1 ? 'session' : 'sessions'} · <strong>{completed}</strong> completed ·{' '}
      <strong>{handedOff}</strong> handed off
    </p>
  );
}
