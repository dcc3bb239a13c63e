import { FilterControls } from '../../../ui/dashboard/filter-controls';
import { RangeControls } from '../../../ui/dashboard/range-controls';
import { useDashboardFilter } from '../../../ui/dashboard/use-dashboard-filter';
import { useDashboardRange } from '../../../ui/dashboard/use-dashboard-range';
import { analyticsPaths, unfiltered, useConversationsAnalytics, useReportSummary } from '../api/analytics-queries';
import { useFilterChoices } from '../api/filter-options';
import { ConversationsCard } from '../components/conversations-card';
import { LatestActivity } from '../components/latest-activity';
import { OverviewFigures } from '../components/overview-figures';
import { SendResultsCard } from '../components/send-results-card';

/** What the overview's endpoints can be narrowed to (the figures by agent or number, the conversations by flow too). */
const FILTERS = ['agentId', 'phoneNumberId', 'flowId'] as const;

/** The admin's home: the range's figures against the period before, conversations over time, sends, latest activity. */
export function OverviewPage() {
  const { range, changeRange, today, zone, problem } = useDashboardRange();
  const { filter, changeFilter } = useDashboardFilter(FILTERS);
  const choices = useFilterChoices(FILTERS, filter);
  const summary = useReportSummary(range, filter, problem === null);
  const conversations = useConversationsAnalytics(range, filter, problem === null);
  const summaryNotice = unfiltered(analyticsPaths.summary, filter);
  return (
    <div className="page dashboard-page">
      <RangeControls range={range} today={today} problem={problem} onChange={changeRange} />
      <FilterControls choices={choices} filter={filter} onChange={changeFilter} />
      {problem === null && (
        <>
          <OverviewFigures summary={summary} filter={filter} unavailable={summaryNotice} />
          <div className="dashboard-grid">
            <ConversationsCard query={conversations} range={range} zone={zone} filter={filter} />
            <SendResultsCard summary={summary} range={range} unavailable={summaryNotice} />
          </div>
        </>
      )}
      <LatestActivity filtered={filter !== null} />
    </div>
  );
}
