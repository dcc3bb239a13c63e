import type { UseQueryResult } from '@tanstack/react-query';
import type { SentimentAnalytics } from '@wac/contract/analytics';
import { chatPath } from '../../../lib/chat-path';
import { formatDateTime } from '../../../lib/format-date';
import { ChartCard } from '../../../ui/dashboard/chart-card';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';
import { type ChartSpec, chartColors, csvFilename, type TableColumn } from '../../../ui/dashboard/dashboard-table';
import { periodDrillDown, periodRows } from './period-rows';

type Query = UseQueryResult<SentimentAnalytics>;
interface CardProps {
  query: Query;
  range: DashboardRange;
}

const score = (n: number) => n.toFixed(2);
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code: string) => {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
};

type TrendRow = SentimentAnalytics['series'][number] & { label: string };
const trendChart: ChartSpec<TrendRow> = {
  categoryHeading: 'Period',
  category: (r) => r.label,
  series: [
    { label: 'Positive', value: (r) => r.positive, color: chartColors.positive, shape: 'area', stack: 'labels' },
    { label: 'Neutral', value: (r) => r.neutral, color: chartColors.neutral, shape: 'area', stack: 'labels' },
    { label: 'Negative', value: (r) => r.negative, color: chartColors.negative, shape: 'area', stack: 'labels' },
    { label: 'Average score', value: (r) => r.averageScore, color: chartColors.blue, axis: 'right', format: score },
  ],
};

/** Customers' messages per label, piled up per period, with the period's average score (-1 to 1) on its own scale. */
export function SentimentTrendCard({ query, range, zone }: CardProps & { zone: string }) {
  return (
    <ChartCard
      title="Sentiment over time"
      description="Customers' text messages by label, and their average score from -1 (negative) to 1 (positive)."
      query={query}
      rows={query.data && periodRows(query.data.series, query.data.range)}
      chart={trendChart}
      empty="No customer message was scored in these dates."
      filename={csvFilename('sentiment-over-time', range)}
      drillDown={periodDrillDown(range, zone)}
      rowKey={(r) => r.bucket}
    />
  );
}

interface ShareRow {
  label: string;
  messages: number;
  share: number;
}

export function distributionRows(totals: SentimentAnalytics['totals']): ShareRow[] {
  const all = totals.positive + totals.neutral + totals.negative;
  return (['positive', 'neutral', 'negative'] as const).map((label) => ({
    label: label.charAt(0).toUpperCase() + label.slice(1),
    messages: totals[label],
    share: all ? totals[label] / all : 0,
  }));
}

const distributionChart: ChartSpec<ShareRow> = {
  categoryHeading: 'Label',
  category: (r) => r.label,
  layout: 'bars',
  series: [{ label: 'Messages', value: (r) => r.messages, color: chartColors.blue }],
};

const distributionColumns: TableColumn<ShareRow>[] = [
  { heading: 'Label', cell: (r) => r.label },
  { heading: 'Messages', cell: (r) => r.messages },
  { heading: 'Share', cell: (r) => percent(r.share) },
];

export function SentimentDistributionCard({ query, range }: CardProps) {
  return (
    <ChartCard
      title="Distribution"
      query={query}
      rows={query.data && distributionRows(query.data.totals)}
      chart={distributionChart}
      columns={distributionColumns}
      empty="No customer message was scored in these dates."
      filename={csvFilename('sentiment-distribution', range)}
    />
  );
}

type Unhappy = SentimentAnalytics['mostNegative'][number];
const unhappyColumns: TableColumn<Unhappy>[] = [
  { heading: 'Customer', cell: (r) => r.name ?? r.phone },
  { heading: 'Phone', cell: (r) => r.phone },
  { heading: 'Negative messages', cell: (r) => r.negativeMessages },
  { heading: 'Average score', cell: (r) => score(r.averageScore) },
  { heading: 'Last negative message', cell: (r) => formatDateTime(r.lastNegativeAt) },
];

/** The conversations with the most negative messages lately, each opening in the chat. */
export function MostNegativeCard({ query, range }: CardProps) {
  return (
    <ChartCard
      title="Most negative recent conversations"
      description="Select a customer to open the conversation."
      query={query}
      rows={query.data?.mostNegative}
      columns={unhappyColumns}
      empty="No negative messages in these dates."
      filename={csvFilename('most-negative-conversations', range)}
      drillDown={(r) => chatPath(r.phone)}
      rowKey={(r) => String(r.conversationId)}
    />
  );
}

type Word = SentimentAnalytics['negativeWords'][number];
const wordsChart: ChartSpec<Word> = {
  categoryHeading: 'Word',
  category: (r) => r.word,
  layout: 'bars',
  series: [{ label: 'Negative messages with it', value: (r) => r.count, color: chartColors.negative }],
};

export function NegativeWordsCard({ query, range }: CardProps) {
  return (
    <ChartCard
      title="Words behind negative scores"
      query={query}
      rows={query.data?.negativeWords}
      chart={wordsChart}
      empty="No negative messages in these dates."
      filename={csvFilename('negative-words', range)}
    />
  );
}

type AccuracySet = SentimentAnalytics['accuracy']['sets'][number];
const accuracyColumns: TableColumn<AccuracySet>[] = [
  { heading: 'Labelled set', cell: (r) => r.name },
  { heading: 'Language', cell: (r) => languageName(r.language) },
  { heading: 'Messages', cell: (r) => r.size },
  { heading: 'Labelled as people did', cell: (r) => percent(r.accuracy) },
];

/**
 * How far the scorer can be trusted: the server's statement (its accuracy and what people's corrections say), its
 * accuracy on each labelled set, and how to correct a label.
 */
export function AccuracyCard({ query, range }: CardProps) {
  const accuracy = query.data?.accuracy;
  return (
    <ChartCard
      title="How accurate the labels are"
      description={
        accuracy && (
          <>{accuracy.statement} Agents and admins can correct a label on a message in the chat; corrections count in these figures.</>
        )
      }
      query={query}
      rows={accuracy?.sets}
      columns={accuracyColumns}
      empty="No labelled set has been measured."
      filename={csvFilename('sentiment-accuracy', range)}
      rowKey={(r) => r.name}
    />
  );
}
