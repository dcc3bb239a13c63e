import type { AnalyticsQuery, ResponseAnalytics, ResponseStats } from '@wac/contract/analytics';
import { groupBy } from '../../lib/group-by.ts';
import { usernamesByIds } from '../accounts/index.ts';
import { scopeOf } from './analytics-filters.ts';
import { type Range, rangeAnswer, resolveRange } from './analytics-range.ts';
import type { MetricsDeps } from './metrics.service.ts';
import { type BinCount, CELL_BIN_UPPER_EDGES, quantileOf, responseStatsOf } from './response-bins.ts';
import {
  coarseCountsByPeriod,
  countsByHourOfWeek,
  countsByKey,
  countsByPeriod,
  countsByValue,
  type KeyCount,
  periodsOf,
} from './rollups.repository.ts';

/*
 * GET /api/analytics/messages/response: first responses and reply times read from their histograms (analytics_counts,
 * key = bin), overall and per agent in their fine bins, per period and per local hour of the week (the heatmap) in the
 * coarser bins kept for them, so that a year by day reads a few thousand rows; human replies from the messages measure.
 */

const binsOf = (counts: readonly KeyCount[]): BinCount[] => counts.map((c) => ({ bin: Number(c.key), count: c.count, total: c.total }));

/** A human reply among the messages measure's keys (direction:type:status:sender). */
const isHumanReply = (key: string) => key.startsWith('outbound:') && key.endsWith(':agent');

const repliesIn = (counts: readonly KeyCount[]) => counts.reduce((sum, c) => sum + (isHumanReply(c.key) ? c.count : 0), 0);

export async function responseAnalytics(deps: MetricsDeps, query: AnalyticsQuery): Promise<ResponseAnalytics> {
  const { db } = deps;
  const range = await resolveRange(db, query, await deps.appTimezone());
  const scope = await scopeOf(db, query, '/api/analytics/messages/response');
  const businessHours = query.businessHours ?? false;
  const measures = businessHours
    ? { first: 'first_response_bh', reply: 'reply_time_bh' }
    : { first: 'first_response', reply: 'reply_time' };
  const filter = (measure: string) => ({ measure, dimension: scope.dimension, value: scope.value });
  const [periods, firstOverall, replyOverall, firstByPeriod, replyByPeriod, messagesByPeriod, hourOfWeek, agents] = await Promise.all([
    periodsOf(db, range),
    countsByKey(db, filter(measures.first), range),
    countsByKey(db, filter(measures.reply), range),
    coarseCountsByPeriod(db, filter(measures.first), range),
    coarseCountsByPeriod(db, filter(measures.reply), range),
    countsByPeriod(db, { ...filter('messages'), keyPrefix: 'outbound:' }, range),
    countsByHourOfWeek(db, filter(measures.reply), range),
    // The agent dimension cannot also be split by number: narrowed to a number, the answer has no agents.
    scope.dimension === 'number' ? [] : byAgent(deps, measures, range, scope.dimension === 'agent' ? scope.value : null),
  ]);

  const inPeriod = (counts: typeof firstByPeriod) => groupBy(counts, (c) => c.period.getTime());
  const first = inPeriod(firstByPeriod);
  const reply = inPeriod(replyByPeriod);
  const sent = inPeriod(messagesByPeriod);
  // Each period's medians are read in the coarser histogram, like the heatmap's cells.
  const medianIn = (counts: readonly KeyCount[] | undefined) => quantileOf(binsOf(counts ?? []), 0.5, CELL_BIN_UPPER_EDGES);
  const series = periods.map((period) => ({
    bucket: period.toISOString(),
    firstResponseMedianSeconds: medianIn(first.get(period.getTime())),
    replyTimeMedianSeconds: medianIn(reply.get(period.getTime())),
    replies: repliesIn(sent.get(period.getTime()) ?? []),
  }));

  // Each cell's median is read in the heatmap's coarser histogram; its count is exact.
  const cells = groupBy(hourOfWeek, (c) => c.dayOfWeek * 24 + c.hour);
  const byHourOfWeek = Array.from({ length: 7 * 24 }, (_, cell) => {
    const bins = cells.get(cell) ?? [];
    return {
      dayOfWeek: Math.floor(cell / 24),
      hour: cell % 24,
      count: bins.reduce((sum, b) => sum + b.count, 0),
      medianSeconds: quantileOf(bins, 0.5, CELL_BIN_UPPER_EDGES),
    };
  });

  return {
    range: rangeAnswer(range),
    businessHours,
    firstResponse: responseStatsOf(binsOf(firstOverall)),
    replyTime: responseStatsOf(binsOf(replyOverall)),
    series,
    byHourOfWeek,
    byAgent: agents,
  };
}

async function byAgent(
  deps: MetricsDeps,
  measures: { first: string; reply: string },
  range: Range,
  onlyAgent: string | null,
): Promise<ResponseAnalytics['byAgent']> {
  const { db } = deps;
  const [first, reply, sent] = await Promise.all([
    countsByValue(db, { measure: measures.first, dimension: 'agent' }, range),
    countsByValue(db, { measure: measures.reply, dimension: 'agent' }, range),
    countsByValue(db, { measure: 'messages', dimension: 'agent', keyPrefix: 'outbound:' }, range),
  ]);
  const byValue = (counts: typeof first) => groupBy(counts, (c) => c.value);
  const [firstOf, replyOf, sentOf] = [byValue(first), byValue(reply), byValue(sent)];
  const agents = [...new Set([...first, ...reply, ...sent].map((c) => c.value))].filter(
    (agent) => /^\d+$/.test(agent) && (onlyAgent === null || agent === onlyAgent),
  );
  const usernames = await usernamesByIds(db, agents.map(Number));
  const rows = agents.map((agent) => {
    const stats = (of: typeof firstOf): ResponseStats => responseStatsOf(binsOf(of.get(agent) ?? []));
    return {
      agent: { id: Number(agent), username: usernames.get(Number(agent)) ?? `user ${agent}` },
      firstResponse: stats(firstOf),
      replyTime: stats(replyOf),
      replies: repliesIn(sentOf.get(agent) ?? []),
    };
  });
  return rows.sort((a, b) => b.replies - a.replies || a.agent.username.localeCompare(b.agent.username));
}
