import { filterNotice } from '../../../ui/dashboard/dashboard-filter';
import { FilterControls } from '../../../ui/dashboard/filter-controls';
import { RangeControls } from '../../../ui/dashboard/range-controls';
import { useDashboardFilter } from '../../../ui/dashboard/use-dashboard-filter';
import { useDashboardRange } from '../../../ui/dashboard/use-dashboard-range';
import { analyticsPaths, unfiltered, useEngagement, useMessageVolume, useResponseAnalytics, useRetention } from '../api/analytics-queries';
import { useFilterChoices } from '../api/filter-options';
import {
  EngagementByCampaignCard,
  EngagementByTemplateCard,
  EngagementFigures,
  EngagementOverTimeCard,
} from '../components/engagement-cards';
import {
  HourOfWeekCard,
  ResponseByAgentCard,
  ResponseFigures,
  ResponseOverTimeCard,
  WaitingTimesCard,
  WorkloadCard,
} from '../components/response-cards';
import { RetentionCard } from '../components/retention-card';
import { SendersCard, VolumeCard } from '../components/volume-cards';

/** What the metrics' endpoints can be narrowed to: volume by any of them, response times by agent or number, engagement by campaign. */
const FILTERS = ['agentId', 'phoneNumberId', 'campaignId'] as const;

/** The admin's metrics: volume, response times (by agent, by hour of the week), workload, retention and engagement. */
export function MetricsPage() {
  const { range, changeRange, today, zone, problem } = useDashboardRange();
  const { filter, changeFilter } = useDashboardFilter(FILTERS);
  const choices = useFilterChoices(FILTERS, filter);
  const ok = problem === null;
  const volume = useMessageVolume(range, filter, ok);
  const response = useResponseAnalytics(range, filter, ok);
  const retention = useRetention(range, filter, ok);
  const engagement = useEngagement(range, filter, ok);
  const responseNotice = unfiltered(analyticsPaths.response, filter);
  // The rollups split response times by one dimension: by agent within an agent, not within a number.
  const byAgentNotice = responseNotice ?? filterNotice(filter, ['agentId']);
  const engagementNotice = unfiltered(analyticsPaths.engagement, filter);
  // A template's sends are not split by campaign: narrowed to a campaign, there are no templates to list.
  const byTemplateNotice = filterNotice(filter, []);
  return (
    <div className="page dashboard-page">
      <RangeControls range={range} today={today} problem={problem} onChange={changeRange} />
      <FilterControls choices={choices} filter={filter} onChange={changeFilter} />
      {ok && (
        <>
          <div className="dashboard-grid">
            <VolumeCard query={volume} range={range} zone={zone} />
            <SendersCard query={volume} range={range} />
          </div>
          <ResponseFigures query={response} unavailable={responseNotice} />
          <div className="dashboard-grid">
            <ResponseOverTimeCard query={response} range={range} zone={zone} unavailable={responseNotice} />
            <WaitingTimesCard query={response} range={range} unavailable={responseNotice} />
          </div>
          <ResponseByAgentCard query={response} range={range} unavailable={byAgentNotice} />
          <HourOfWeekCard query={response} range={range} unavailable={responseNotice} />
          <WorkloadCard query={response} range={range} unavailable={byAgentNotice} />
          <RetentionCard query={retention} range={range} unavailable={unfiltered(analyticsPaths.retention, filter)} />
          <EngagementFigures query={engagement} unavailable={engagementNotice} />
          <EngagementOverTimeCard query={engagement} range={range} zone={zone} unavailable={engagementNotice} />
          <div className="dashboard-grid">
            <EngagementByTemplateCard query={engagement} range={range} unavailable={byTemplateNotice} />
            <EngagementByCampaignCard query={engagement} range={range} unavailable={engagementNotice} />
          </div>
        </>
      )}
    </div>
  );
}
