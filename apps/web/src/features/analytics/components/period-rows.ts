import type { AnalyticsRange } from '@wac/contract/analytics';
import { bucketDates, bucketLabel, conversationReportPath, type DashboardRange } from '../../../ui/dashboard/dashboard-range';

/** A series point with its label, as a chart's row: read in the timezone the server answered in. */
export function periodRows<Point extends { bucket: string }>(series: Point[], answered: AnalyticsRange): (Point & { label: string })[] {
  return series.map((point) => ({ ...point, label: bucketLabel(point.bucket, answered.interval, answered.timezone) }));
}

/** Where a click on a point leads: the conversation report for the days that point covers. */
export function periodDrillDown(range: DashboardRange, zone: string) {
  return (point: { bucket: string }) => conversationReportPath(bucketDates(point.bucket, range, zone));
}
