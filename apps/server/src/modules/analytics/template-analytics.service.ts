import type { AnalyticsInterval } from '@wac/contract/analytics';
import type {
  TemplateAnalyticsInterval,
  TemplateAnalyticsQuery,
  TemplateAnalyticsResponse,
  TemplateCounts,
} from '@wac/contract/template-analytics';
import type { Db } from '../../db/database.ts';
import { type Range, resolveRange } from './analytics-range.ts';
import { addSends, noSends, parseMessageKey } from './message-counts.ts';
import { countsByKey, countsByPeriod, countsByPeriodAndValue, countsByValue } from './rollups.repository.ts';

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

type TemplateRow = TemplateCounts & { bucket: string; templateName: string | null };

/**
 * GET /api/analytics/templates read from the rollups (measure messages, dimension template), not from the messages:
 * the same answer at any size. The templates are ranked from their totals over the range (month rows, mostly), then
 * the series is read for the `top` of them, the others summed in SQL. The paged messages behind it stay messaging's.
 */
export function createTemplateAnalyticsService({ db, appTimezone }: TemplateAnalyticsDeps) {
  const filter = { measure: 'messages', dimension: 'template' };

  /** Per template, its counts over the range (one template's alone when the query names it). */
  async function templatesOf(query: TemplateAnalyticsQuery, range: Range): Promise<Map<string, TemplateCounts>> {
    const value = query.templateName;
    const rows = value
      ? (await countsByKey(db, { ...filter, value }, range)).map((row) => ({ ...row, value }))
      : await countsByValue(db, filter, range);
    const perTemplate = new Map<string, TemplateCounts>();
    for (const row of rows) {
      const counts = perTemplate.get(row.value) ?? noSends();
      addSends(counts, parseMessageKey(row.key).status, row.count);
      perTemplate.set(row.value, counts);
    }
    return perTemplate;
  }

  /** Per period and template (null: the others, summed), the message keys up to their status (direction:type:status). */
  async function seriesOf(query: TemplateAnalyticsQuery, range: Range, shown: string[] | undefined): Promise<TemplateRow[]> {
    const rows = query.templateName
      ? (await countsByPeriod(db, { ...filter, value: query.templateName }, range, UP_TO_STATUS)).map((row) => ({
          ...row,
          value: query.templateName as string,
        }))
      : await countsByPeriodAndValue(db, filter, range, UP_TO_STATUS, shown);
    const series = new Map<string, TemplateRow>();
    for (const row of rows) {
      const bucket = row.period.toISOString();
      const id = `${bucket} ${row.value}`;
      const counts = series.get(id) ?? { bucket, templateName: row.value === '' ? null : row.value, ...noSends() };
      addSends(counts, parseMessageKey(row.key).status, row.count);
      series.set(id, counts);
    }
    return [...series.values()];
  }

  return {
    async summary(query: TemplateAnalyticsQuery): Promise<TemplateAnalyticsResponse> {
      const range = await resolveRange(db, { ...query, interval: intervals[query.interval] }, await appTimezone());
      const totals = noSends();
      const templates = [...(await templatesOf(query, range)).entries()]
        .map(([templateName, c]) => {
          add(totals, c);
          return { templateName, ...c, deliveryRate: rate(c.delivered, c.sent), readRate: rate(c.read, c.delivered) };
        })
        .sort((a, b) => b.total - a.total || a.templateName.localeCompare(b.templateName));
      const shown =
        query.top !== undefined && templates.length > query.top ? templates.slice(0, query.top).map((t) => t.templateName) : undefined;
      return {
        interval: query.interval,
        startDate: range.from.toISOString(),
        endDate: range.to.toISOString(),
        timezone: range.timezone,
        series: await seriesOf(query, range, shown),
        templates,
        totals,
      };
    },
  };
}

export type TemplateAnalyticsService = ReturnType<typeof createTemplateAnalyticsService>;
