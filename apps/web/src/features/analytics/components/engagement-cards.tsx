import type { UseQueryResult } from '@tanstack/react-query';
import type { Engagement } from '@wac/contract/analytics';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { type ChartSpec, chartColors, csvFilename, type TableColumn } from '../../../ui/dashboard/dashboard-table';
import { FiguresUnavailable, FigureTile } from '../../../ui/dashboard/figure-tile';
import { periodDrillDown, periodRows } from './period-rows';

type Query = UseQueryResult<Engagement>;
interface CardProps {
  query: Query;
  range: DashboardRange;
  /** Said instead of the figures when the dashboard's filter cannot narrow them. */
  unavailable?: string | null;
}
const rate = (n: number) => `${Math.round(n * 10) / 10}%`;

export function EngagementFigures({ query, unavailable }: Pick<CardProps, 'query' | 'unavailable'>) {
  if (unavailable) return <FiguresUnavailable label="Reply rates" text={unavailable} />;
  if (!query.data) return null;
  const { templates, campaigns } = query.data;
  return (
    <section aria-label="Reply rates" className="stats">
      <FigureTile label="Reply rate to templates" value={templates.replyRate} format={rate} />
      <FigureTile label="Template messages replied" value={templates.replied} />
      <FigureTile label="Reply rate to campaigns" value={campaigns.replyRate} format={rate} />
      <FigureTile label="Campaign messages replied" value={campaigns.replied} />
    </section>
  );
}

type PeriodRow = Engagement['series'][number] & { label: string };
const overTimeChart: ChartSpec<PeriodRow> = {
  categoryHeading: 'Period',
  category: (r) => r.label,
  series: [
    { label: 'Template and campaign messages sent', value: (r) => r.sent, color: chartColors.blue },
    { label: 'Replied within 24 hours', value: (r) => r.replied, color: chartColors.green },
  ],
};

export function EngagementOverTimeCard({ query, range, zone, unavailable }: CardProps & { zone: string }) {
  return (
    <ChartCard
      title="Replies to templates and campaigns"
      description="A message counts as replied when the customer wrote in that conversation within 24 hours after it."
      query={query}
      unavailable={unavailable}
      rows={query.data && periodRows(query.data.series, query.data.range)}
      chart={overTimeChart}
      empty="No template or campaign messages in these dates."
      filename={csvFilename('engagement', range)}
      drillDown={periodDrillDown(range, zone)}
      rowKey={(r) => r.bucket}
    />
  );
}

type Counts = Engagement['templates'];
const countColumns = <Row extends Counts>(first: TableColumn<Row>): TableColumn<Row>[] => [
  first,
  { heading: 'Sent', cell: (r) => r.sent },
  { heading: 'Delivered', cell: (r) => r.delivered },
  { heading: 'Read', cell: (r) => r.read },
  { heading: 'Replied', cell: (r) => r.replied },
  { heading: 'Reply rate', cell: (r) => rate(r.replyRate) },
];
type ByTemplate = Engagement['byTemplate'][number];
type ByCampaign = Engagement['byCampaign'][number];
const templateColumns = countColumns<ByTemplate>({ heading: 'Template', cell: (r) => r.templateName });
const campaignColumns = countColumns<ByCampaign>({ heading: 'Campaign', cell: (r) => r.campaign.name });

export function EngagementByTemplateCard({ query, range, unavailable }: CardProps) {
  return (
    <ChartCard
      title="Engagement by template"
      query={query}
      unavailable={unavailable}
      rows={query.data?.byTemplate}
      columns={templateColumns}
      empty="No template messages in these dates."
      filename={csvFilename('engagement-by-template', range)}
      rowKey={(r) => r.templateName}
    />
  );
}

export function EngagementByCampaignCard({ query, range, unavailable }: CardProps) {
  return (
    <ChartCard
      title="Engagement by campaign"
      query={query}
      unavailable={unavailable}
      rows={query.data?.byCampaign}
      columns={campaignColumns}
      empty="No campaign messages in these dates."
      filename={csvFilename('engagement-by-campaign', range)}
      drillDown={(r) => `/campaigns/${r.campaign.id}`}
      rowKey={(r) => String(r.campaign.id)}
    />
  );
}
