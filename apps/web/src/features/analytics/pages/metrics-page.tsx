import { RangeControls } from '../../../ui/dashboard/range-controls';
import { useDashboardRange } from '../../../ui/dashboard/use-dashboard-range';
import { useEngagement, useMessageVolume, useResponseAnalytics, useRetention } from '../api/analytics-queries';
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

/** The admin's metrics: volume, response times (by agent, by hour of the week), workload, retention and engagement. */
export function MetricsPage() {
  const { range, changeRange, today, zone, problem } = useDashboardRange();
  const ok = problem === null;
  const volume = useMessageVolume(range, ok);
  const response = useResponseAnalytics(range, ok);
  const retention = useRetention(range, ok);
  const engagement = useEngagement(range, ok);
  return (
    <div className="page dashboard-page">
      <RangeControls range={range} today={today} problem={problem} onChange={changeRange} />
      {ok && (
        <>
          <div className="dashboard-grid">
            <VolumeCard query={volume} range={range} zone={zone} />
            <SendersCard query={volume} range={range} />
          </div>
          <ResponseFigures query={response} />
          <div className="dashboard-grid">
            <ResponseOverTimeCard query={response} range={range} zone={zone} />
            <WaitingTimesCard query={response} range={range} />
          </div>
          <ResponseByAgentCard query={response} range={range} />
          <HourOfWeekCard query={response} range={range} />
          <WorkloadCard query={response} range={range} />
          <RetentionCard query={retention} range={range} />
          <EngagementFigures query={engagement} />
          <EngagementOverTimeCard query={engagement} range={range} zone={zone} />
          <div className="dashboard-grid">
            <EngagementByTemplateCard query={engagement} range={range} />
            <EngagementByCampaignCard query={engagement} range={range} />
          </div>
        </>
      )}
    </div>
  );
}
