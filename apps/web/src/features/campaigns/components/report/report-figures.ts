import type { CampaignBatchAnalysis, CampaignDeliverySummary, CampaignFailureGroup, CampaignReport } from '@wac/contract/campaign-reports';
import { percentOf, REPLY_WINDOW_HOURS } from '@wac/contract/campaign-reports';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatDuration } from '../../../../lib/format-duration';

dayjs.extend(utc);
dayjs.extend(timezone);

const NONE = '—';

export const formatCount = (n: number) => n.toLocaleString('en');

/** A percentage as the server rounds it (one decimal); a dash when there was nothing to divide by. */
export function formatRate(percent: number | null): string {
  return percent === null ? NONE : `${percent.toLocaleString('en', { maximumFractionDigits: 1 })}%`;
}

export function formatSendRate(perSecond: number | null): string {
  return perSecond === null ? NONE : `${perSecond.toLocaleString('en', { maximumFractionDigits: 2 })} messages/s`;
}

/** Timings are often under a second (the sandbox) or a few seconds: those keep a decimal; longer ones read as "3 min 5 s". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return NONE;
  if (seconds > 0 && seconds < 0.05) return '< 0.1 s';
  if (seconds < 10) return `${(Math.round(seconds * 10) / 10).toLocaleString('en')} s`;
  return formatDuration(Math.round(seconds));
}

const widthUnits: [singular: string, seconds: number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** A bucket's width in words: "1 second", "5 minutes", "3 hours", "1 day". */
export function formatBucketWidth(seconds: number): string {
  const [unit, size] = widthUnits.find(([, s]) => seconds >= s && seconds % s === 0) ?? ['second', 1];
  const n = seconds / size;
  return `${n.toLocaleString('en')} ${unit}${n === 1 ? '' : 's'}`;
}

/** Nothing was attempted yet: no recipient has been sent, failed, held back by Meta or left in doubt. */
export function nothingSent(report: Pick<CampaignReport, 'counts'>): boolean {
  const { sent, failed, unknown, held } = report.counts;
  return sent + failed + unknown + held === 0;
}

export interface KeyFigure {
  /** Stable, for a class name and a React key. */
  key: string;
  label: string;
  value: string;
  hint?: string;
}

/**
 * The report's headline figures. Sent, delivered and read count every message that got at least that far (a read
 * message was also delivered and sent), as the campaign's counts do everywhere.
 */
export function keyFigures(report: CampaignReport, timing: CampaignDeliverySummary['timing'] | undefined): KeyFigure[] {
  const { counts, rates } = report;
  const within = (p90: number | null | undefined) => (p90 == null ? undefined : `90% within ${formatSeconds(p90)}`);
  return [
    { key: 'sent', label: 'Sent', value: formatCount(counts.sent), hint: 'accepted by WhatsApp' },
    { key: 'delivered', label: 'Delivered', value: formatCount(counts.delivered), hint: 'read ones included' },
    { key: 'read', label: 'Read', value: formatCount(counts.read) },
    { key: 'replied', label: 'Replied', value: formatCount(report.replied), hint: `wrote back within ${REPLY_WINDOW_HOURS} hours` },
    { key: 'failed', label: 'Failed', value: formatCount(counts.failed) },
    { key: 'skipped', label: 'Skipped', value: formatCount(counts.skipped) },
    { key: 'unknown', label: 'Unknown', value: formatCount(counts.unknown) },
    { key: 'held', label: 'Held back by Meta', value: formatCount(counts.held), hint: 'error 131049; not a failure' },
    { key: 'delivery-rate', label: 'Delivery rate', value: formatRate(rates.deliveryRate), hint: 'of messages that reached WhatsApp' },
    { key: 'read-rate', label: 'Read rate', value: formatRate(rates.readRate), hint: 'of delivered messages' },
    { key: 'failure-rate', label: 'Failure rate', value: formatRate(rates.failureRate), hint: 'of attempted messages' },
    { key: 'send-rate', label: 'Average send rate', value: formatSendRate(rates.averageSendRatePerSecond) },
    { key: 'duration', label: 'Duration', value: report.durationSeconds === null ? NONE : formatDuration(report.durationSeconds) },
    {
      key: 'time-to-deliver',
      label: 'Median time to deliver',
      value: timing ? formatSeconds(timing.sentToDelivered.medianSeconds) : '…',
      hint: within(timing?.sentToDelivered.p90Seconds),
    },
    {
      key: 'time-to-read',
      label: 'Median time to read',
      value: timing ? formatSeconds(timing.sentToRead.medianSeconds) : '…',
      hint: within(timing?.sentToRead.p90Seconds),
    },
  ];
}

export type FunnelStep = 'total' | 'sent' | 'delivered' | 'read';

export interface FunnelRow {
  step: FunnelStep;
  label: string;
  count: number;
  /** Of all recipients; null when the campaign has none. */
  share: number | null;
}

/** Recipients → sent → delivered → read, each step counting those that got at least that far. */
export function funnelRows(report: Pick<CampaignReport, 'counts'>): FunnelRow[] {
  const { counts } = report;
  const steps: [FunnelStep, string, number][] = [
    ['total', 'Recipients', counts.total],
    ['sent', 'Sent', counts.sent],
    ['delivered', 'Delivered', counts.delivered],
    ['read', 'Read', counts.read],
  ];
  return steps.map(([step, label, count]) => ({ step, label, count, share: percentOf(count, counts.total) }));
}

export interface TimelineRow {
  start: string;
  label: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

/** A bucket's start in the app's timezone, as precise as its width needs, with the day when the buckets span several. */
export function bucketLabel(start: string, bucketSeconds: number, zone: string, timeFormat: string, withDay = false): string {
  let at = dayjs(start);
  try {
    at = at.tz(zone);
  } catch {
    // An unknown zone falls back to the browser's.
  }
  if (bucketSeconds >= 86_400) return at.format('D MMM');
  const twelve = timeFormat === '12h';
  const time = bucketSeconds < 60 ? (twelve ? 'h:mm:ss A' : 'HH:mm:ss') : twelve ? 'h:mm A' : 'HH:mm';
  return at.format(withDay ? `D MMM ${time}` : time);
}

/** The batch analysis' buckets as chart rows, labelled in the app's timezone. */
export function timelineRows(
  analysis: Pick<CampaignBatchAnalysis, 'buckets' | 'bucketSeconds'>,
  zone: string,
  timeFormat: string,
): TimelineRow[] {
  const { buckets, bucketSeconds } = analysis;
  const dayOf = (iso: string) => {
    try {
      return dayjs(iso).tz(zone).format('YYYY-MM-DD');
    } catch {
      return dayjs(iso).format('YYYY-MM-DD');
    }
  };
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const severalDays = first !== undefined && last !== undefined && dayOf(first.start) !== dayOf(last.start);
  return buckets.map((b) => ({
    start: b.start,
    label: bucketLabel(b.start, bucketSeconds, zone, timeFormat, severalDays),
    sent: b.sent,
    delivered: b.delivered,
    read: b.read,
    failed: b.failed,
  }));
}

const MAX_REASON_LABEL = 32;

/** A failure group's name on the chart's axis: its title, shortened to fit; the table beside it gives it in full. */
export function reasonLabel(group: Pick<CampaignFailureGroup, 'title'>): string {
  const { title } = group;
  return title.length > MAX_REASON_LABEL ? `${title.slice(0, MAX_REASON_LABEL - 1).trimEnd()}…` : title;
}

/** A failure group's code column: Meta's error code, or why there is none. */
export function reasonCode(group: Pick<CampaignFailureGroup, 'state' | 'code'>): string {
  if (group.code !== null) return String(group.code);
  return group.state === 'unknown' ? 'Unknown' : 'None';
}
