import type { TemplateAnalyticsInterval, TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const metrics = ['sent', 'delivered', 'read', 'failed'] as const;
export type Metric = (typeof metrics)[number];

/**
 * The most templates drawn as their own line; the rest are added up as 'Other templates'. The page asks the server
 * for the series of this many only (`top`), the others already summed.
 */
export const MAX_LINES = 6;
export const OTHER = 'Other templates';

export interface ChartRow {
  bucket: string;
  label: string;
  /** By line (template name or OTHER); 0 where the template had none. */
  counts: Record<string, number>;
}

export interface ChartData {
  /** One row per bucket that had messages, oldest first. */
  rows: ChartRow[];
  lines: string[];
}

const patterns: Record<TemplateAnalyticsInterval, string> = {
  hourly: 'D MMM HH:mm',
  daily: 'D MMM',
  weekly: '[Week of] D MMM',
  monthly: 'MMM YYYY',
};

export function bucketLabel(bucket: string, interval: TemplateAnalyticsInterval, zone: string): string {
  let at = dayjs(bucket);
  try {
    at = at.tz(zone);
  } catch {
    // An unknown zone falls back to the browser's.
  }
  return at.format(patterns[interval]);
}

/**
 * One metric per template over time, as the chart draws it: the busiest templates (by messages
 * sent from here) get their own line, the others are added up, and missing counts are 0.
 */
export function chartData(
  analytics: Pick<TemplateAnalyticsResponse, 'series' | 'templates' | 'interval' | 'timezone'>,
  metric: Metric,
): ChartData {
  const ranked = analytics.templates.map((t) => t.templateName);
  const own = new Set(ranked.length > MAX_LINES ? ranked.slice(0, MAX_LINES - 1) : ranked);
  const lines = [...own, ...(ranked.length > own.size ? [OTHER] : [])];
  const byBucket = new Map<string, ChartRow>();
  for (const point of analytics.series) {
    let row = byBucket.get(point.bucket);
    if (!row) {
      row = {
        bucket: point.bucket,
        label: bucketLabel(point.bucket, analytics.interval, analytics.timezone),
        counts: Object.fromEntries(lines.map((line) => [line, 0])),
      };
      byBucket.set(point.bucket, row);
    }
    // A template without a line, or the row the server summed the others into (templateName null).
    const line = point.templateName !== null && own.has(point.templateName) ? point.templateName : OTHER;
    row.counts[line] = (row.counts[line] ?? 0) + point[metric];
  }
  const rows = [...byBucket.values()].sort((a, b) => Date.parse(a.bucket) - Date.parse(b.bucket));
  return { rows, lines };
}
