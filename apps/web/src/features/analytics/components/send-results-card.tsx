import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportSummary, SendCounts } from '@wac/contract/analytics';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { type ChartSpec, chartColors, csvFilename, type TableColumn } from '../../../ui/dashboard/dashboard-table';

type Outcome = 'sent' | 'delivered' | 'read' | 'failed' | 'replied';
interface ResultRow {
  outcome: string;
  templates: number | null;
  campaigns: number | null;
  previousTemplates: number | null;
  previousCampaigns: number | null;
}

const outcomes: [Outcome, string][] = [
  ['sent', 'Sent, not yet delivered'],
  ['delivered', 'Delivered, not read'],
  ['read', 'Read'],
  ['failed', 'Failed'],
  ['replied', 'Replied'],
];

const countOf = (counts: SendCounts & { replied?: number }, outcome: Outcome) => counts[outcome] ?? null;

export function resultRows({ current, previous }: Pick<ReportSummary, 'current' | 'previous'>): ResultRow[] {
  return outcomes.map(([outcome, label]) => ({
    outcome: label,
    templates: countOf(current.templates, outcome),
    campaigns: current.campaigns[outcome],
    previousTemplates: countOf(previous.templates, outcome),
    previousCampaigns: previous.campaigns[outcome],
  }));
}

const chart: ChartSpec<ResultRow> = {
  categoryHeading: 'Outcome',
  category: (r) => r.outcome,
  layout: 'bars',
  series: [
    { label: 'Templates', value: (r) => r.templates, color: chartColors.blue },
    { label: 'Campaigns', value: (r) => r.campaigns, color: chartColors.green },
  ],
};

const columns: TableColumn<ResultRow>[] = [
  { heading: 'Outcome', cell: (r) => r.outcome },
  { heading: 'Templates', cell: (r) => r.templates },
  { heading: 'Templates, previous period', cell: (r) => r.previousTemplates },
  { heading: 'Campaigns', cell: (r) => r.campaigns },
  { heading: 'Campaigns, previous period', cell: (r) => r.previousCampaigns },
];

/** Template and campaign sends by how far each got (a status is the furthest a message got), beside the previous period. */
export function SendResultsCard({
  summary,
  range,
  unavailable,
}: {
  summary: UseQueryResult<ReportSummary>;
  range: DashboardRange;
  /** Said instead of the results when the dashboard's filter cannot narrow them. */
  unavailable: string | null;
}) {
  return (
    <ChartCard
      title="Template and campaign results"
      description="Replies count customers who wrote within 24 hours of a campaign message."
      query={summary}
      unavailable={unavailable}
      rows={summary.data && resultRows(summary.data)}
      chart={chart}
      columns={columns}
      empty="No template or campaign messages in these dates."
      filename={csvFilename('template-and-campaign-results', range)}
    />
  );
}
