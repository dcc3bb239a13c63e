import type { ActiveUsers, AnalyticsQuery, Retention } from '@wac/contract/analytics';
import { scopeOf } from './analytics-filters.ts';
import { localDateOf, rangeAnswer, resolveRange } from './analytics-range.ts';
import { cohortActivity, cohortSizes } from './metrics.repository.ts';
import type { MetricsDeps } from './metrics.service.ts';
import { activeByPeriod, periodsOf } from './rollups.repository.ts';

/*
 * GET /api/analytics/users/active and /users/retention: distinct people do not add up across buckets, so both read
 * the counts the rollups keep per local period (analytics_active_counts) and per cohort week (analytics_retention),
 * and take no filter.
 */

/** The kinds of presence analytics_active_counts keeps. */
const KINDS = { customers: 'customer', agents: 'agent', conversations: 'conversation' } as const;

export async function activeUsers(deps: MetricsDeps, query: AnalyticsQuery): Promise<ActiveUsers> {
  const range = await resolveRange(deps.db, query, await deps.appTimezone());
  await scopeOf(deps.db, query, '/api/analytics/users/active');
  const [periods, counts] = await Promise.all([periodsOf(deps.db, range), activeByPeriod(deps.db, Object.values(KINDS), range)]);
  const countOf = new Map(counts.map((c) => [`${c.period.getTime()} ${c.kind}`, c.count]));
  const of = (period: Date, kind: string) => countOf.get(`${period.getTime()} ${kind}`) ?? 0;
  return {
    range: rangeAnswer(range),
    series: periods.map((period) => ({
      bucket: period.toISOString(),
      customers: of(period, KINDS.customers),
      agents: of(period, KINDS.agents),
      conversations: of(period, KINDS.conversations),
    })),
  };
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The local Monday of the week holding `at`, as a date (YYYY-MM-DD). */
function localMonday(at: Date, timezone: string): string {
  const [year, month, day] = localDateOf(at, timezone).split('-').map(Number);
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day as number));
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

const weeksBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / WEEK_MS);

/**
 * One cohort per local week of the range (Monday first): the customers first seen that week, and for each week since
 * (0 being their first, where all of them wrote) up to the range's last, how many wrote and their share in percent.
 */
export async function retention(deps: MetricsDeps, query: AnalyticsQuery): Promise<Retention> {
  const range = await resolveRange(deps.db, query, await deps.appTimezone());
  await scopeOf(deps.db, query, '/api/analytics/users/retention');
  const [sizes, activity] = await Promise.all([cohortSizes(deps.db, range), cohortActivity(deps.db, range)]);
  const activeOf = new Map(activity.map((a) => [`${a.cohortWeek} ${a.week}`, a.active]));
  const firstWeek = localMonday(range.from, range.timezone);
  const lastWeek = localMonday(new Date(range.to.getTime() - 1), range.timezone);
  const cohorts: Retention['cohorts'] = [];
  for (let at = Date.parse(firstWeek); at <= Date.parse(lastWeek); at += WEEK_MS) {
    const cohortWeek = new Date(at).toISOString().slice(0, 10);
    const customers = sizes.get(cohortWeek) ?? 0;
    const weeks = Array.from({ length: weeksBetween(cohortWeek, lastWeek) + 1 }, (_, week) => {
      const active = week === 0 ? customers : (activeOf.get(`${cohortWeek} ${week}`) ?? 0);
      return { week, active, rate: customers === 0 ? 0 : Math.round((active / customers) * 1000) / 10 };
    });
    cohorts.push({ cohortWeek, customers, weeks });
  }
  return { range: rangeAnswer(range), cohorts };
}
