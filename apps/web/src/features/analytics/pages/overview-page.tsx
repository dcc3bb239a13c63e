import { RangeControls } from '../../../ui/dashboard/range-controls';
import { useDashboardRange } from '../../../ui/dashboard/use-dashboard-range';
import { useConversationsAnalytics, useReportSummary } from '../api/analytics-queries';
import { ConversationsCard } from '../components/conversations-card';
import { LatestActivity } from '../components/latest-activity';
import { OverviewFigures } from '../components/overview-figures';
import { SendResultsCard } from '../components/send-results-card';

/** The admin's home: the range's figures against the period before, conversations over time, sends, latest activity. */
export function OverviewPage() {
  const { range, changeRange, today, zone, problem } = useDashboardRange();
  const summary = useReportSummary(range, problem === null);
  const conversations = useConversationsAnalytics(range, problem === null);
  return (
    <div className="page dashboard-page">
      <RangeControls range={range} today={today} problem={problem} onChange={changeRange} />
      {problem === null && (
        <>
          <OverviewFigures summary={summary} />
          <div className="dashboard-grid">
            <ConversationsCard query={conversations} range={range} zone={zone} />
            <SendResultsCard summary={summary} range={range} />
          </div>
        </>
      )}
      <LatestActivity />
    </div>
  );
}
