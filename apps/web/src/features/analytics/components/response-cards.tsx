import type { UseQueryResult } from '@tanstack/react-query';
import { type ResponseAnalytics, type ResponseTimeBin, responseTimeBins } from '@wac/contract/analytics';
import { formatDuration } from '../../../lib/format-duration';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { type ChartSpec, chartColors, csvFilename, type TableColumn } from '../../../ui/dashboard/dashboard-table';
import { FiguresUnavailable, FigureTile } from '../../../ui/dashboard/figure-tile';
import { periodDrillDown, periodRows } from './period-rows';

type Query = UseQueryResult<ResponseAnalytics>;
interface CardProps {
  query: Query;
  range: DashboardRange;
  /** Said instead of the figures when the dashboard's filter cannot narrow them. */
  unavailable?: string | null;
}

/** "3 min", "45 s", "2 h": the largest unit only, for the heatmap's narrow cells. */
export const shortDuration = (seconds: number) => formatDuration(seconds).split(' ').slice(0, 2).join(' ');
const duration = (seconds: number | null) => (seconds === null ? null : formatDuration(seconds));

export function ResponseFigures({ query, unavailable }: Pick<CardProps, 'query' | 'unavailable'>) {
  if (unavailable) return <FiguresUnavailable label="Response times" text={unavailable} />;
  const data = query.data;
  if (!data) return null;
  const tile = (label: string, value: number | null) => (
    <FigureTile label={label} value={value} format={formatDuration} unavailable="No replies yet" />
  );
  return (
    <section aria-label="Response times" className="stats">
      {tile('Median first response', data.firstResponse.medianSeconds)}
      {tile('First response, 90th percentile', data.firstResponse.p90Seconds)}
      {tile('Median reply time', data.replyTime.medianSeconds)}
      {tile('Reply time, 90th percentile', data.replyTime.p90Seconds)}
    </section>
  );
}

type PeriodRow = ResponseAnalytics['series'][number] & { label: string };
const overTimeChart: ChartSpec<PeriodRow> = {
  categoryHeading: 'Period',
  category: (r) => r.label,
  series: [
    { label: 'Median first response', value: (r) => r.firstResponseMedianSeconds, color: chartColors.blue, format: formatDuration },
    { label: 'Median reply time', value: (r) => r.replyTimeMedianSeconds, color: chartColors.green, format: formatDuration },
  ],
};

export function ResponseOverTimeCard({ query, range, zone, unavailable }: CardProps & { zone: string }) {
  return (
    <ChartCard
      title="Response times over time"
      description="First response: from the customer's first message, or the bot's handoff, to the first human reply. Reply time: from each waiting customer message to the next human reply."
      query={query}
      unavailable={unavailable}
      rows={query.data && periodRows(query.data.series, query.data.range)}
      chart={overTimeChart}
      empty="No human replies in these dates."
      filename={csvFilename('response-times', range)}
      drillDown={periodDrillDown(range, zone)}
      rowKey={(r) => r.bucket}
    />
  );
}

type AgentRow = ResponseAnalytics['byAgent'][number];
const byAgentChart: ChartSpec<AgentRow> = {
  categoryHeading: 'Agent',
  category: (r) => r.agent.username,
  layout: 'bars',
  series: [
    { label: 'Median first response', value: (r) => r.firstResponse.medianSeconds, color: chartColors.blue, format: formatDuration },
    { label: 'Median reply time', value: (r) => r.replyTime.medianSeconds, color: chartColors.green, format: formatDuration },
  ],
};
const byAgentColumns: TableColumn<AgentRow>[] = [
  { heading: 'Agent', cell: (r) => r.agent.username },
  { heading: 'Replies', cell: (r) => r.replies },
  { heading: 'First responses', cell: (r) => r.firstResponse.count },
  { heading: 'Median first response', cell: (r) => duration(r.firstResponse.medianSeconds) },
  { heading: 'First response, 90th percentile', cell: (r) => duration(r.firstResponse.p90Seconds) },
  { heading: 'Median reply time', cell: (r) => duration(r.replyTime.medianSeconds) },
  { heading: 'Reply time, 90th percentile', cell: (r) => duration(r.replyTime.p90Seconds) },
];

export function ResponseByAgentCard({ query, range, unavailable }: CardProps) {
  return (
    <ChartCard
      title="Response times by agent"
      query={query}
      unavailable={unavailable}
      rows={query.data?.byAgent}
      chart={byAgentChart}
      columns={byAgentColumns}
      empty="No human replies in these dates."
      filename={csvFilename('response-times-by-agent', range)}
      rowKey={(r) => String(r.agent.id)}
    />
  );
}

interface WorkloadRow {
  agent: string;
  id: number;
  replies: number;
  share: number;
}
const workloadChart: ChartSpec<WorkloadRow> = {
  categoryHeading: 'Agent',
  category: (r) => r.agent,
  layout: 'bars',
  series: [{ label: 'Replies', value: (r) => r.replies, color: chartColors.purple }],
};
const workloadColumns: TableColumn<WorkloadRow>[] = [
  { heading: 'Agent', cell: (r) => r.agent },
  { heading: 'Replies', cell: (r) => r.replies },
  { heading: 'Share of replies', cell: (r) => `${Math.round(r.share * 1000) / 10}%` },
];

export function workloadRows(byAgent: AgentRow[]): WorkloadRow[] {
  const all = byAgent.reduce((sum, r) => sum + r.replies, 0);
  return byAgent
    .map((r) => ({ agent: r.agent.username, id: r.agent.id, replies: r.replies, share: all ? r.replies / all : 0 }))
    .sort((a, b) => b.replies - a.replies);
}

export function WorkloadCard({ query, range, unavailable }: CardProps) {
  return (
    <ChartCard
      title="Agent workload"
      description="Human replies each agent sent."
      query={query}
      unavailable={unavailable}
      rows={query.data && workloadRows(query.data.byAgent)}
      chart={workloadChart}
      columns={workloadColumns}
      empty="No human replies in these dates."
      filename={csvFilename('agent-workload', range)}
      rowKey={(r) => String(r.id)}
    />
  );
}

const binLabel: Record<ResponseTimeBin, string> = {
  under_1m: 'Under 1 min',
  '1_5m': '1 to 5 min',
  '5_15m': '5 to 15 min',
  '15_60m': '15 to 60 min',
  '1_4h': '1 to 4 h',
  over_4h: 'Over 4 h',
};
interface BinRow {
  bin: string;
  firstResponse: number;
  replyTime: number;
}
export function binRows(data: Pick<ResponseAnalytics, 'firstResponse' | 'replyTime'>): BinRow[] {
  const countIn = (stats: ResponseAnalytics['firstResponse'], bin: ResponseTimeBin) =>
    stats.distribution.find((d) => d.bin === bin)?.count ?? 0;
  return responseTimeBins.map((bin) => ({
    bin: binLabel[bin],
    firstResponse: countIn(data.firstResponse, bin),
    replyTime: countIn(data.replyTime, bin),
  }));
}
const binsChart: ChartSpec<BinRow> = {
  categoryHeading: 'Waited',
  category: (r) => r.bin,
  series: [
    { label: 'First responses', value: (r) => r.firstResponse, color: chartColors.blue, shape: 'bar' },
    { label: 'Replies', value: (r) => r.replyTime, color: chartColors.green, shape: 'bar' },
  ],
};

export function WaitingTimesCard({ query, range, unavailable }: CardProps) {
  return (
    <ChartCard
      title="How long customers waited"
      query={query}
      unavailable={unavailable}
      rows={query.data && binRows(query.data)}
      chart={binsChart}
      empty="No human replies in these dates."
      filename={csvFilename('waiting-times', range)}
    />
  );
}

// Monday first, as the week is read everywhere else in the console; dayOfWeek 0 is Sunday.
const weekDays: [dayOfWeek: number, name: string][] = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [0, 'Sunday'],
];
const hours = Array.from({ length: 24 }, (_, h) => h);
interface DayRow {
  day: string;
  medians: (number | null)[];
}

export function hourOfWeekRows(cells: ResponseAnalytics['byHourOfWeek']): DayRow[] {
  return weekDays.map(([dayOfWeek, day]) => ({
    day,
    medians: hours.map((hour) => cells.find((c) => c.dayOfWeek === dayOfWeek && c.hour === hour)?.medianSeconds ?? null),
  }));
}

function hourColumns(rows: DayRow[]): TableColumn<DayRow>[] {
  const slowest = Math.max(0, ...rows.flatMap((r) => r.medians.filter((m): m is number => m !== null)));
  return [
    { heading: 'Day', cell: (r) => r.day },
    ...hours.map((hour) => ({
      heading: `${String(hour).padStart(2, '0')}:00`,
      cell: (r: DayRow) => {
        const median = r.medians[hour] ?? null;
        return median === null ? null : shortDuration(median);
      },
      shade: (r: DayRow) => {
        const median = r.medians[hour] ?? null;
        return median === null || slowest === 0 ? null : median / slowest;
      },
    })),
  ];
}

/** A heatmap of the week: each cell the median reply time of waits answered in that local hour, darker when slower. */
export function HourOfWeekCard({ query, range, unavailable }: CardProps) {
  const rows = query.data && hourOfWeekRows(query.data.byHourOfWeek);
  return (
    <ChartCard
      title="Reply time by hour of the week"
      description="Median reply time of the waits answered in each hour, in the app's timezone; darker cells are slower, empty ones had no reply."
      query={query}
      unavailable={unavailable}
      rows={rows?.some((r) => r.medians.some((m) => m !== null)) ? rows : rows && []}
      columns={rows ? hourColumns(rows) : []}
      empty="No human replies in these dates."
      filename={csvFilename('reply-time-by-hour-of-week', range)}
    />
  );
}
