import type {
  AnalyticsQuery,
  ConversationCounts,
  ConversationsAnalytics,
  DailyActivity,
  FilteredAnalyticsEndpoint,
  MessageVolume,
  ReportSummary,
  SummaryFigures,
} from '@wac/contract/analytics';
import type { Db } from '../../db/database.ts';
import { type DimensionFilter, resolveFilter, rowsOf } from './analytics-filters.ts';
import { localDateOf, previousRange, type Range, rangeAnswer, resolveRange } from './analytics-range.ts';
import { parseMessageKey, sendsOf } from './message-counts.ts';
import { conversationsNow } from './reports.repository.ts';
import { quantileOf, responseStatsOf } from './response-bins.ts';
import {
  activeByPeriod,
  activeInRange,
  countsByKey,
  countsByPeriod,
  type KeyCount,
  type PeriodCount,
  periodsOf,
} from './rollups.repository.ts';

export interface ReportsDeps {
  db: Db;
  /** app.timezone: the local periods every figure is read in. */
  appTimezone: () => Promise<string>;
}

const conversationKeys: Record<keyof ConversationCounts, string> = {
  opened: 'opened',
  reopened: 'reopened',
  handedOff: 'handed_off',
  takenOver: 'taken_over',
  resolved: 'resolved',
  botHandled: 'bot_handled',
};

function conversationCounts(rows: readonly KeyCount[]): ConversationCounts {
  const byKey = new Map(rows.map((row) => [row.key, row.count]));
  return Object.fromEntries(
    Object.entries(conversationKeys).map(([name, key]) => [name, byKey.get(key) ?? 0]),
  ) as unknown as ConversationCounts;
}

const binsOf = (rows: readonly KeyCount[]) => rows.map((row) => ({ bin: Number(row.key), count: row.count, total: row.total }));

/** Rows by their local period's start (epoch ms), so each period finds its own at once. */
function byPeriod<T extends { period: Date }>(rows: readonly T[]): (period: Date) => T[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.period.getTime());
    if (group) group.push(row);
    else groups.set(row.period.getTime(), [row]);
  }
  return (period) => groups.get(period.getTime()) ?? [];
}

function directions(rows: readonly KeyCount[]): { inbound: number; outbound: number } {
  const sums = { inbound: 0, outbound: 0 };
  for (const row of rows) {
    const { direction } = parseMessageKey(row.key);
    if (direction === 'inbound' || direction === 'outbound') sums[direction] += row.count;
  }
  return sums;
}

/** The overview's figures, the conversation, volume and daily-activity reports: every figure read from the rollups. */
export function createReportsService({ db, appTimezone }: ReportsDeps) {
  async function rangeAndFilter(query: AnalyticsQuery, endpoint: FilteredAnalyticsEndpoint, interval = query.interval) {
    const range = await resolveRange(db, { ...query, interval }, await appTimezone());
    const filter = await resolveFilter(db, query, endpoint);
    return { range, filter };
  }

  async function figures(range: Range, filter: DimensionFilter | null, businessHours: boolean): Promise<SummaryFigures> {
    const rows = rowsOf(filter);
    const [messages, conversations, firstResponses, engagement, active] = await Promise.all([
      countsByKey(db, { measure: 'messages', ...rows }, range),
      countsByKey(db, { measure: 'conversations', ...rows }, range),
      countsByKey(db, { measure: businessHours ? 'first_response_bh' : 'first_response', ...rows }, range),
      filter ? null : countsByKey(db, { measure: 'engagement', keyPrefix: 'campaign:replied' }, range),
      filter ? null : activeInRange(db, 'conversation', range),
    ]);
    const events = conversationCounts(conversations);
    const { inbound, outbound } = directions(messages);
    const replied = engagement ? engagement.reduce((sum, row) => sum + row.count, 0) : null;
    return {
      conversations: active,
      conversationsOpened: events.opened,
      conversationsReopened: events.reopened,
      messagesIn: inbound,
      messagesOut: outbound,
      medianFirstResponseSeconds: quantileOf(binsOf(firstResponses), 0.5),
      botHandoffs: events.handedOff,
      resolved: events.resolved,
      templates: sendsOf(messages, (key) => key.type === 'template'),
      campaigns: { ...sendsOf(messages, (key) => key.sender === 'campaign'), replied },
      spend: null,
    };
  }

  return {
    async summary(query: AnalyticsQuery): Promise<ReportSummary> {
      const { range, filter } = await rangeAndFilter(query, '/api/reports/summary');
      const businessHours = query.businessHours === true;
      const only =
        filter?.name === 'agentId'
          ? { agentId: Number(filter.value) }
          : filter?.name === 'phoneNumberId'
            ? { phoneNumberId: filter.value }
            : {};
      const [current, previous, now] = await Promise.all([
        figures(range, filter, businessHours),
        previousRange(db, range).then((before) => figures(before, filter, businessHours)),
        conversationsNow(db, only),
      ]);
      return { range: rangeAnswer(range), current, previous, now };
    },

    async conversations(query: AnalyticsQuery): Promise<ConversationsAnalytics> {
      const { range, filter } = await rangeAndFilter(query, '/api/analytics/conversations');
      const rows = rowsOf(filter);
      const [periods, counts, active, total, resolutions] = await Promise.all([
        periodsOf(db, range),
        countsByPeriod(db, { measure: 'conversations', ...rows }, range),
        filter ? null : activeByPeriod(db, ['conversation'], range),
        filter ? null : activeInRange(db, 'conversation', range),
        filter?.name === 'flowId' ? null : countsByKey(db, { measure: 'resolution', ...rows }, range),
      ]);
      const countsIn = byPeriod(counts);
      const activeIn = active && byPeriod(active);
      return {
        range: rangeAnswer(range),
        series: periods.map((period) => ({
          bucket: period.toISOString(),
          ...conversationCounts(countsIn(period)),
          active: activeIn ? (activeIn(period)[0]?.count ?? 0) : null,
        })),
        totals: { ...conversationCounts(sumByKey(counts)), active: total },
        resolution: resolutions && responseStatsOf(binsOf(resolutions)),
      };
    },

    async volume(query: AnalyticsQuery): Promise<MessageVolume> {
      const { range, filter } = await rangeAndFilter(query, '/api/analytics/messages/volume');
      const [periods, counts] = await Promise.all([
        periodsOf(db, range),
        countsByPeriod(db, { measure: 'messages', ...rowsOf(filter) }, range),
      ]);
      const byType: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      const bySender: Record<string, number> = {};
      const add = (into: Record<string, number>, name: string, count: number) => {
        into[name] = (into[name] ?? 0) + count;
      };
      for (const row of counts) {
        const key = parseMessageKey(row.key);
        add(byType, key.type, row.count);
        if (key.direction === 'outbound') {
          add(byStatus, key.status, row.count);
          add(bySender, key.sender, row.count);
        }
      }
      const countsIn = byPeriod(counts);
      return {
        range: rangeAnswer(range),
        series: periods.map((period) => ({ bucket: period.toISOString(), ...directions(countsIn(period)) })),
        totals: { ...directions(counts), byType, byStatus, bySender },
      };
    },

    async dailyActivity(query: AnalyticsQuery): Promise<DailyActivity> {
      const { range, filter } = await rangeAndFilter(query, '/api/analytics/activity/daily', 'day');
      const rows = rowsOf(filter);
      const [days, messages, conversations, active] = await Promise.all([
        periodsOf(db, range),
        // Only the direction of each message key: a year by day is 730 rows, not every key of every day.
        countsByPeriod(db, { measure: 'messages', ...rows }, range, 1),
        countsByPeriod(db, { measure: 'conversations', ...rows }, range),
        filter ? null : activeByPeriod(db, ['customer', 'agent'], range),
      ]);
      const [messagesOn, conversationsOn] = [byPeriod(messages), byPeriod(conversations)];
      const activeIn = active && byPeriod(active);
      const activeOn = (day: Date, kind: 'customer' | 'agent') =>
        activeIn ? (activeIn(day).find((row) => row.kind === kind)?.count ?? 0) : null;
      return {
        range: rangeAnswer(range),
        days: days.map((day) => {
          const { inbound, outbound } = directions(messagesOn(day));
          const events = conversationCounts(conversationsOn(day));
          return {
            date: localDateOf(day, range.timezone),
            messagesIn: inbound,
            messagesOut: outbound,
            conversationsOpened: events.opened,
            resolved: events.resolved,
            customers: activeOn(day, 'customer'),
            agents: activeOn(day, 'agent'),
          };
        }),
      };
    },
  };
}

/** Period rows summed per key over the whole range. */
function sumByKey(rows: readonly PeriodCount[]): KeyCount[] {
  const sums = new Map<string, KeyCount>();
  for (const row of rows) {
    const sum = sums.get(row.key) ?? { key: row.key, count: 0, total: 0 };
    sum.count += row.count;
    sum.total += row.total;
    sums.set(row.key, sum);
  }
  return [...sums.values()];
}

export type ReportsService = ReturnType<typeof createReportsService>;
