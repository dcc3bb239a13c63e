import type { UseQueryResult } from '@tanstack/react-query';
import type { MessageVolume } from '@wac/contract/analytics';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { type ChartSpec, chartColors, csvFilename } from '../../../ui/dashboard/dashboard-table';
import { periodDrillDown, periodRows } from './period-rows';

type Query = UseQueryResult<MessageVolume>;
type PeriodRow = MessageVolume['series'][number] & { label: string };

const volumeChart: ChartSpec<PeriodRow> = {
  categoryHeading: 'Period',
  category: (r) => r.label,
  series: [
    { label: 'Received', value: (r) => r.inbound, color: chartColors.blue, shape: 'bar', stack: 'messages' },
    { label: 'Sent', value: (r) => r.outbound, color: chartColors.green, shape: 'bar', stack: 'messages' },
  ],
};

/** Messages received and sent per period; a bar leads to the conversation report for its days. */
export function VolumeCard({ query, range, zone }: { query: Query; range: DashboardRange; zone: string }) {
  return (
    <ChartCard
      title="Message volume"
      description="Select a bar or a row for the conversations of that period."
      query={query}
      rows={query.data && periodRows(query.data.series, query.data.range)}
      chart={volumeChart}
      empty="No messages in these dates."
      filename={csvFilename('message-volume', range)}
      drillDown={periodDrillDown(range, zone)}
      rowKey={(r) => r.bucket}
    />
  );
}

interface SenderRow {
  sender: string;
  messages: number;
}
const senderLabel: Record<string, string> = { agent: 'Agents', bot: 'Bot', campaign: 'Campaigns', api: 'API keys' };
const senderChart: ChartSpec<SenderRow> = {
  categoryHeading: 'Sent by',
  category: (r) => r.sender,
  layout: 'bars',
  series: [{ label: 'Messages', value: (r) => r.messages, color: chartColors.green }],
};

export function senderRows(bySender: Record<string, number>): SenderRow[] {
  return Object.entries(bySender)
    .map(([sender, messages]) => ({ sender: senderLabel[sender] ?? sender, messages }))
    .sort((a, b) => b.messages - a.messages);
}

export function SendersCard({ query, range }: { query: Query; range: DashboardRange }) {
  return (
    <ChartCard
      title="Messages sent by"
      query={query}
      rows={query.data && senderRows(query.data.totals.bySender)}
      chart={senderChart}
      empty="No messages were sent in these dates."
      filename={csvFilename('messages-by-sender', range)}
    />
  );
}
