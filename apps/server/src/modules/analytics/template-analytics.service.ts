import type { AnalyticsInterval } from '@wac/contract/analytics';
import type {
  TemplateAnalyticsInterval,
  TemplateAnalyticsQuery,
  TemplateAnalyticsResponse,
  TemplateCounts,
} from '@wac/contract/template-analytics';
import type { Db } from '../../db/database.ts';
import { resolveRange } from './analytics-range.ts';
import { addSends, noSends, parseMessageKey } from './message-counts.ts';
import { countsByPeriod, countsByPeriodAndValue, type PeriodValueCount } from './rollups.repository.ts';

const intervals: Record<TemplateAnalyticsInterval, AnalyticsInterval> = { hourly: 'hour', daily: 'day', weekly: 'week', monthly: 'month' };
const UP_TO_STATUS = 3;
const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function add(into: TemplateCounts, counts: TemplateCounts): void {
  into.total += counts.total;
  into.sent += counts.sent;
  into.delivered += counts.delivered;
  into.read += counts.read;
  into.failed += counts.failed;
}

export interface TemplateAnalyticsDeps {
  db: Db;
  /** app.timezone: the analytics' days. */
  appTimezone: () => Promise<string>;
}

/**
 * GET /api/analytics/templates read from the rollups (measure messages, dimension template), not from the messages:
 * the same answer at any size. The paged messages behind it stay messaging's.
 */
export function createTemplateAnalyticsService({ db, appTimezone }: TemplateAnalyticsDeps) {
  /** Per period and template, the message keys up to their status (direction:type:status): who sent them is not shown. */
  async function countsOf(query: TemplateAnalyticsQuery, range: Awaited<ReturnType<typeof resolveRange>>): Promise<PeriodValueCount[]> {
    const filter = { measure: 'messages', dimension: 'template' };
    if (!query.templateName) return countsByPeriodAndValue(db, filter, range, UP_TO_STATUS);
    const value = query.templateName;
    return (await countsByPeriod(db, { ...filter, value }, range, UP_TO_STATUS)).map((row) => ({ ...row, value }));
  }

  return {
    async summary(query: TemplateAnalyticsQuery): Promise<TemplateAnalyticsResponse> {
      const range = await resolveRange(db, { ...query, interval: intervals[query.interval] }, await appTimezone());
      const series = new Map<string, TemplateRow>();
      for (const row of await countsOf(query, range)) {
        const bucket = row.period.toISOString();
        const id = `${bucket} ${row.value}`;
        const counts = series.get(id) ?? { bucket, templateName: row.value, ...noSends() };
        addSends(counts, parseMessageKey(row.key).status, row.count);
        series.set(id, counts);
      }
      const totals = noSends();
      const perTemplate = new Map<string, TemplateCounts>();
      for (const row of series.values()) {
        add(totals, row);
        const counts = perTemplate.get(row.templateName) ?? noSends();
        add(counts, row);
        perTemplate.set(row.templateName, counts);
      }
      const templates = [...perTemplate.entries()]
        .map(([templateName, c]) => ({
          templateName,
          ...c,
          deliveryRate: rate(c.delivered, c.sent),
          readRate: rate(c.read, c.delivered),
        }))
        .sort((a, b) => b.total - a.total || a.templateName.localeCompare(b.templateName));
      return {
        interval: query.interval,
        startDate: range.from.toISOString(),
        endDate: range.to.toISOString(),
        timezone: range.timezone,
        series: topSeries([...series.values()], templates, query.top),
        templates,
        totals,
      };
    },
  };
}

/** One template's counts in one bucket. */
type TemplateRow = TemplateCounts & { bucket: string; templateName: string };
type SeriesRow = TemplateAnalyticsResponse['series'][number];

/** The series of the `top` templates (ranked by messages), the others' summed per bucket under templateName null. */
function topSeries(series: readonly TemplateRow[], ranked: readonly { templateName: string }[], top: number | undefined): SeriesRow[] {
  if (top === undefined || ranked.length <= top) return [...series];
  const shown = new Set(ranked.slice(0, top).map((t) => t.templateName));
  const others = new Map<string, SeriesRow>();
  const rows: SeriesRow[] = [];
  for (const row of series) {
    const other = others.get(row.bucket);
    if (shown.has(row.templateName)) rows.push(row);
    else if (other) add(other, row);
    else {
      const first = { ...row, templateName: null };
      others.set(row.bucket, first);
      rows.push(first);
    }
  }
  return rows;
}

export type TemplateAnalyticsService = ReturnType<typeof createTemplateAnalyticsService>;
