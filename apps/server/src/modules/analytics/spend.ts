import type { AnalyticsQuery, SpendAnalytics } from '@wac/contract/analytics';
import { priceCounts } from '@wac/contract/pricing';
import { groupBy } from '../../lib/group-by.ts';
import { resolveFilter } from './analytics-filters.ts';
import { rangeAnswer, resolveRange } from './analytics-range.ts';
import type { MetricsDeps } from './metrics.service.ts';
import { periodsOf } from './rollups.repository.ts';
import { type BillableCount, billableCounts } from './spend.repository.ts';

/*
 * GET /api/analytics/spend: what the billable messages cost, read from Meta's pricing of each message (category and
 * market) at the business's rates now. A rate changed later re-prices the past, as the rate card's owner would expect of
 * a figure they just corrected.
 */

export async function spendAnalytics(deps: MetricsDeps, query: AnalyticsQuery): Promise<SpendAnalytics> {
  const { db } = deps;
  const range = await resolveRange(db, query, await deps.appTimezone());
  const filter = await resolveFilter(db, query, '/api/analytics/spend');
  const narrow =
    filter === null ? {} : filter.name === 'campaignId' ? { campaignId: Number(filter.value) } : { phoneNumberId: filter.value };
  const [periods, rows, { currency, rates }] = await Promise.all([periodsOf(db, range), billableCounts(db, range, narrow), deps.rates()]);
  const all = priceCounts(rates, rows);
  const inPeriod = groupBy(rows, (row) => row.period.getTime());
  const campaigns = [...groupBy(rows, (row) => row.campaignId)];
  const names = await deps.campaignNames(campaigns.flatMap(([id]) => (id === null ? [] : [id])));
  const figure = (ofRows: readonly BillableCount[]) => {
    const { messages, total } = priceCounts(rates, ofRows);
    return { messages, total };
  };
  return {
    range: rangeAnswer(range),
    currency,
    total: all.total,
    billable: all.messages,
    unpriced: all.unpriced,
    series: periods.map((period) => ({ start: period.toISOString(), ...figure(inPeriod.get(period.getTime()) ?? []) })),
    byCategory: [...groupBy(rows, (row) => row.category)]
      .map(([category, ofCategory]) => ({ category, ...figure(ofCategory) }))
      .sort((a, b) => b.messages - a.messages),
    byCampaign: campaigns
      .map(([campaignId, ofCampaign]) => ({
        campaignId,
        name: campaignId === null ? null : (names.get(campaignId) ?? null),
        ...figure(ofCampaign),
      }))
      .sort((a, b) => b.messages - a.messages),
  };
}
