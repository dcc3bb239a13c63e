import type { UseQueryResult } from '@tanstack/react-query';
import type { ConversationsAnalytics } from '@wac/contract/analytics';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import { type DashboardFilter, notKeptPer } from '../../../ui/dashboard/dashboard-filter';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { type ChartSpec, chartColors, csvFilename } from '../../../ui/dashboard/dashboard-table';
import { periodDrillDown, periodRows } from './period-rows';

type Row = ConversationsAnalytics['series'][number] & { label: string };

const active: ChartSpec<Row>['series'][number] = { label: 'Active', value: (r) => r.active, color: chartColors.green };
const events: ChartSpec<Row>['series'] = [
  { label: 'Opened', value: (r) => r.opened, color: chartColors.blue },
  { label: 'Reopened', value: (r) => r.reopened, color: chartColors.amber },
  { label: 'Handed off by the bot', value: (r) => r.handedOff, color: chartColors.purple },
  { label: 'Resolved', value: (r) => r.resolved, color: chartColors.grey },
];
const chart: ChartSpec<Row> = { categoryHeading: 'Period', category: (r) => r.label, series: [active, ...events] };
// Active conversations are kept for the whole install only: a filtered chart leaves them out.
const filteredChart: ChartSpec<Row> = { ...chart, series: events };

/** Conversations per period; a point leads to the conversation report for its days. */
export function ConversationsCard({
  query,
  range,
  zone,
  filter,
}: {
  query: UseQueryResult<ConversationsAnalytics>;
  range: DashboardRange;
  zone: string;
  filter: DashboardFilter | null;
}) {
  const activeNote = filter
    ? `Active conversations are ${notKeptPer(filter)?.toLowerCase()}, so they are left out.`
    : 'Active: conversations with any message in the period.';
  return (
    <ChartCard
      title="Conversations over time"
      description={`${activeNote} Select a point or a row for its conversations.`}
      query={query}
      rows={query.data && periodRows(query.data.series, query.data.range)}
      chart={filter ? filteredChart : chart}
      empty="No conversations in these dates."
      filename={csvFilename('conversations', range)}
      drillDown={periodDrillDown(range, zone)}
      rowKey={(r) => r.bucket}
    />
  );
}
