import type { User } from '@wac/contract/auth';
import {
  batchBucketSeconds,
  type CampaignBatchAnalysis,
  type CampaignBatchBucket,
  type CampaignDeliverySummary,
  type CampaignFailureAnalysis,
  type CampaignFailureGroup,
  type CampaignRates,
  type CampaignReport,
  type CampaignReportSummary,
  type CampaignTiming,
  percentOf,
  REPLY_WINDOW_HOURS,
} from '@wac/contract/campaign-reports';
import type { CampaignSpend } from '@wac/contract/campaigns';
import { campaignCountsOf, type campaignListQuerySchema, recipientStates } from '@wac/contract/campaigns';
import { paginationOf } from '@wac/contract/common';
import { priceCounts } from '@wac/contract/pricing';
import type { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { groupBy } from '../../lib/group-by.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import { csvFilename, recipientsCsvStream } from './campaign-csv.ts';
import { type CampaignDeps, recordCampaignActivity } from './campaign-deps.ts';
import {
  billableMessagesOf,
  deliveryTimings,
  eventBounds,
  eventBuckets,
  type FailureGroupRow,
  failureGroups,
  type RecipientTally,
  recipientTallies,
  type SendSpan,
  sendSpan,
  sentMessageIds,
  type TimingRow,
} from './campaign-reports.repository.ts';
import { type CampaignRow, campaignById, listCampaigns } from './campaigns.repository.ts';
import { CAMPAIGN_NOT_FOUND } from './locked-campaign.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const isoOfEpoch = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The rates of a campaign from its recipients' states (see campaignRatesSchema for what each is over). */
export function ratesOf({ byState, failedAfterAccepted }: RecipientTally, span?: SendSpan): CampaignRates {
  const counts = campaignCountsOf(byState);
  const reachedMeta = counts.sent + failedAfterAccepted;
  const attempted = counts.total - counts.pending - counts.skipped;
  // Over one second at least: the pacing's cap is per second, and a few sends within one are not a rate above it.
  const seconds = span?.first != null && span.last != null ? Math.max(span.last - span.first, 1) : 0;
  return {
    sent: counts.sent,
    reachedMeta,
    deliveryRate: percentOf(counts.delivered, reachedMeta),
    readRate: percentOf(counts.read, counts.delivered),
    failureRate: percentOf(counts.failed, attempted),
    averageSendRatePerSecond: span && span.accepted > 1 && seconds > 0 ? round2(span.accepted / seconds) : null,
  };
}

/** Until it finishes a campaign's duration runs to now; one that ended without a completion time has none. */
function durationSeconds(row: CampaignRow, now: Date): number | null {
  if (!row.startedAt) return null;
  const end = row.completedAt ?? (row.status === 'running' || row.status === 'paused' ? now : null);
  return end ? Math.max(0, Math.floor((end.getTime() - row.startedAt.getTime()) / 1000)) : null;
}

const timingOf = ({ samples, median, p90 }: TimingRow): CampaignTiming => ({
  samples,
  medianSeconds: median === null ? null : round2(median),
  p90Seconds: p90 === null ? null : round2(p90),
});

const UNKNOWN_TITLE = 'Outcome unknown';
const UNKNOWN_EXPLANATION =
  'The request to Meta may have gone out, but no answer was recorded, so it was not sent again (the customer is never messaged twice). Retry these recipients if they did not receive it.';

function failureGroupOf(row: FailureGroupRow, total: number): CampaignFailureGroup {
  const unknown = row.state === 'unknown';
  const fallbackTitle = unknown ? UNKNOWN_TITLE : row.code !== null ? `Error ${row.code}` : 'Failed without an error from Meta';
  return {
    state: row.state,
    code: row.code,
    title: row.title ?? fallbackTitle,
    explanation: row.explanation ?? (unknown ? UNKNOWN_EXPLANATION : null),
    count: row.n,
    share: percentOf(row.n, total) ?? 0,
    examples: row.examples ?? [],
  };
}

/** Fills the buckets no event fell in, so the chart's time axis has no gaps. */
function bucketsBetween(first: number, last: number, width: number, rows: { bucket: number }[]): number[] {
  const from = Math.floor(first / width);
  const to = Math.max(Math.floor(last / width), ...rows.map((row) => row.bucket));
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Campaign reports (spec 7: report, delivery summary, batch and failure analysis, the reports list, and the recipients
 * CSV), computed live from the recipients' rows, which the dispatch keeps current; nothing is stored or cached.
 */
export function createCampaignReportsService(deps: CampaignDeps) {
  const { db } = deps;

  async function campaignOf(id: number): Promise<CampaignRow> {
    const found = await campaignById(db, id);
    if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
    return found.campaign;
  }

  async function report(id: number): Promise<CampaignReport> {
    const row = await campaignOf(id);
    const [tallies, span, replied] = await Promise.all([
      recipientTallies(db, [id]),
      sendSpan(db, id),
      sentMessageIds(db, id).then((ids) => deps.messaging.repliedWithin(ids, REPLY_WINDOW_HOURS)),
    ]);
    const tally = tallies.get(id) as RecipientTally;
    const now = new Date();
    return {
      _id: String(row.id),
      name: row.name,
      status: row.status,
      startedAt: iso(row.startedAt),
      completedAt: iso(row.completedAt),
      durationSeconds: durationSeconds(row, now),
      counts: campaignCountsOf(tally.byState),
      rates: ratesOf(tally, span),
      replied,
      firstSentAt: isoOfEpoch(span.first),
      lastSentAt: isoOfEpoch(span.last),
      generatedAt: now.toISOString(),
    };
  }

  return {
    report,

    /** What the campaign's messages cost: Meta's pricing of each (billable, category) at the business's rates now. */
    async spend(id: number): Promise<CampaignSpend> {
      await campaignOf(id);
      const [{ currency, rates }, billable] = await Promise.all([deps.prices.rates(), billableMessagesOf(db, id)]);
      const all = priceCounts(rates, billable);
      return {
        currency,
        total: all.total,
        billable: all.messages,
        unpriced: all.unpriced,
        byCategory: [...groupBy(billable, (row) => row.category)].map(([category, rows]) => {
          const { messages, total } = priceCounts(rates, rows);
          return { category, messages, total };
        }),
      };
    },

    async deliverySummary(id: number): Promise<CampaignDeliverySummary> {
      await campaignOf(id);
      const [tallies, timings] = await Promise.all([recipientTallies(db, [id]), deliveryTimings(db, id)]);
      const { byState } = tallies.get(id) as RecipientTally;
      const { total } = campaignCountsOf(byState);
      return {
        _id: String(id),
        total,
        states: recipientStates.map((state) => ({ state, count: byState[state], percentage: percentOf(byState[state], total) ?? 0 })),
        timing: { sentToDelivered: timingOf(timings.delivered), sentToRead: timingOf(timings.read) },
        generatedAt: new Date().toISOString(),
      };
    },

    async batchAnalysis(id: number): Promise<CampaignBatchAnalysis> {
      await campaignOf(id);
      const { first, last, peak } = await eventBounds(db, id);
      const generatedAt = new Date().toISOString();
      if (first === null || last === null) return { _id: String(id), bucketSeconds: 1, buckets: [], peakSentPerSecond: 0, generatedAt };
      const width = batchBucketSeconds(last - first);
      const rows = await eventBuckets(db, id, width);
      const byBucket = new Map(rows.map((row) => [row.bucket, row]));
      const buckets = bucketsBetween(first, last, width, rows).map((bucket): CampaignBatchBucket => {
        const row = byBucket.get(bucket);
        return {
          start: new Date(bucket * width * 1000).toISOString(),
          sent: row?.sent ?? 0,
          delivered: row?.delivered ?? 0,
          read: row?.read ?? 0,
          failed: row?.failed ?? 0,
        };
      });
      return { _id: String(id), bucketSeconds: width, buckets, peakSentPerSecond: peak, generatedAt };
    },

    async failureAnalysis(id: number): Promise<CampaignFailureAnalysis> {
      await campaignOf(id);
      const rows = await failureGroups(db, id);
      const sum = (state: FailureGroupRow['state']) => rows.filter((row) => row.state === state).reduce((n, row) => n + row.n, 0);
      const failed = sum('failed');
      const unknown = sum('unknown');
      return {
        _id: String(id),
        failed,
        unknown,
        total: failed + unknown,
        groups: rows.map((row) => failureGroupOf(row, failed + unknown)),
        generatedAt: new Date().toISOString(),
      };
    },

    /** Reports are always live, so regenerating is a fresh computation that the admin's audit trail records. */
    async regenerate(actor: User, id: number): Promise<CampaignReport> {
      const fresh = await report(id);
      await inTransaction(db, (tx) => recordCampaignActivity(deps, tx, actor, 'campaign_report_regenerated', fresh.name));
      return fresh;
    },

    async list(
      query: z.infer<typeof campaignListQuerySchema>,
    ): Promise<{ reports: CampaignReportSummary[]; pagination: ReturnType<typeof paginationOf> }> {
      const { rows, total } = await listCampaigns(
        db,
        { status: query.status, search: query.search },
        query.limit,
        (query.page - 1) * query.limit,
      );
      const tallies = await recipientTallies(
        db,
        rows.map(({ campaign }) => campaign.id),
      );
      const reports = rows.map(({ campaign }) => {
        const tally = tallies.get(campaign.id) as RecipientTally;
        const { deliveryRate, readRate, failureRate } = ratesOf(tally);
        return {
          _id: String(campaign.id),
          name: campaign.name,
          status: campaign.status,
          counts: campaignCountsOf(tally.byState),
          deliveryRate,
          readRate,
          failureRate,
          startedAt: iso(campaign.startedAt),
          completedAt: iso(campaign.completedAt),
        };
      });
      return { reports, pagination: paginationOf(query.page, query.limit, total) };
    },

    /** The campaign is looked up before anything is streamed, so an unknown one is a 404 rather than a cut-off file. */
    async recipientsCsv(id: number) {
      const row = await campaignOf(id);
      return { filename: csvFilename(row.id, row.name), stream: await recipientsCsvStream(db, id) };
    },
  };
}

export type CampaignReportsService = ReturnType<typeof createCampaignReportsService>;
