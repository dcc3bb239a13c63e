import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportSummary } from '@wac/contract/analytics';
import { formatDuration } from '../../../lib/format-duration';
import { type DashboardFilter, notKeptPer } from '../../../ui/dashboard/dashboard-filter';
import { FiguresUnavailable, FigureTile } from '../../../ui/dashboard/figure-tile';
import { QueryStatus } from '../../../ui/query-status';

const money = (currency: string) => (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency });

interface OverviewFiguresProps {
  summary: UseQueryResult<ReportSummary>;
  filter: DashboardFilter | null;
  /** Said instead of the figures when the filter cannot narrow them. */
  unavailable: string | null;
}

/**
 * The overview's figures for the range, each against the period just before it, and what is open or waiting now;
 * a figure kept for the whole install only says so while a filter is set.
 */
export function OverviewFigures({ summary, filter, unavailable }: OverviewFiguresProps) {
  if (unavailable) return <FiguresUnavailable label="Figures" text={unavailable} />;
  if (!summary.data) {
    return (
      <div className="card">
        <QueryStatus query={summary} loadingLabel="Loading the figures" />
      </div>
    );
  }
  const { current, previous, now } = summary.data;
  const wholeInstallOnly = notKeptPer(filter) ?? undefined;
  return (
    <section aria-label="Figures" className="stats">
      <FigureTile label="Conversations" value={current.conversations} previous={previous.conversations} unavailable={wholeInstallOnly} />
      <FigureTile label="Messages received" value={current.messagesIn} previous={previous.messagesIn} />
      <FigureTile label="Messages sent" value={current.messagesOut} previous={previous.messagesOut} />
      <FigureTile
        label="Median first response"
        value={current.medianFirstResponseSeconds}
        previous={previous.medianFirstResponseSeconds}
        format={formatDuration}
        unavailable="No replies yet"
        lowerIsBetter
      />
      <FigureTile label="Open now" value={now.open} />
      <FigureTile label="Waiting now" value={now.waiting} />
      <FigureTile label="Bot handoffs" value={current.botHandoffs} previous={previous.botHandoffs} />
      <FigureTile label="Resolved" value={current.resolved} previous={previous.resolved} />
      <FigureTile label="Template messages" value={current.templates.total} previous={previous.templates.total} />
      <FigureTile
        label="Campaign replies"
        value={current.campaigns.replied}
        previous={previous.campaigns.replied}
        unavailable={wholeInstallOnly}
      />
      <FigureTile
        label="Spend"
        value={current.spend?.amount ?? null}
        previous={previous.spend?.amount ?? null}
        format={money(current.spend?.currency ?? 'USD')}
        unavailable="Not available yet"
      />
    </section>
  );
}
