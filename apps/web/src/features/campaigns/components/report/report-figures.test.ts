import type { CampaignReport } from '@wac/contract/campaign-reports';
import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  formatBucketWidth,
  formatRate,
  formatSeconds,
  formatSendRate,
  funnelRows,
  keyFigures,
  nothingSent,
  reasonCode,
  reasonLabel,
  timelineRows,
} from './report-figures';

const report: CampaignReport = {
  _id: '7',
  name: 'Spring sale',
  status: 'completed',
  startedAt: '2026-05-01T10:00:00.000Z',
  completedAt: '2026-05-01T10:03:05.000Z',
  durationSeconds: 185,
  counts: { total: 10, pending: 0, sending: 0, sent: 7, delivered: 5, read: 2, failed: 2, skipped: 1, unknown: 0, held: 0 },
  rates: { sent: 7, reachedMeta: 8, deliveryRate: 62.5, readRate: 40, failureRate: 22.2, averageSendRatePerSecond: 3.5 },
  replied: 3,
  firstSentAt: '2026-05-01T10:00:01.000Z',
  lastSentAt: '2026-05-01T10:00:03.000Z',
  generatedAt: '2026-05-01T10:05:00.000Z',
};

describe('funnelRows', () => {
  it('counts each step with those that went further, as a share of all recipients', () => {
    expect(funnelRows(report)).toEqual([
      { step: 'total', label: 'Recipients', count: 10, share: 100 },
      { step: 'sent', label: 'Sent', count: 7, share: 70 },
      { step: 'delivered', label: 'Delivered', count: 5, share: 50 },
      { step: 'read', label: 'Read', count: 2, share: 20 },
    ]);
  });

  it('has no shares for a campaign with nobody in it', () => {
    const empty = { ...report, counts: { ...report.counts, total: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0 } };
    expect(funnelRows(empty).map((r) => r.share)).toEqual([null, null, null, null]);
  });
});

describe('formatting', () => {
  it.each([
    [null, '—'],
    [0, '0 s'],
    [0.04, '< 0.1 s'],
    [0.44, '0.4 s'],
    [2.46, '2.5 s'],
    [9.96, '10 s'],
    [65.4, '1 min 5 s'],
    [7_300, '2 h 1 min'],
  ])('formatSeconds(%s) is %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it.each([
    [1, '1 second'],
    [5, '5 seconds'],
    [90, '90 seconds'],
    [60, '1 minute'],
    [900, '15 minutes'],
    [3_600, '1 hour'],
    [10_800, '3 hours'],
    [86_400, '1 day'],
    [172_800, '2 days'],
  ])('formatBucketWidth(%s) is %s', (seconds, text) => {
    expect(formatBucketWidth(seconds)).toBe(text);
  });

  it('writes rates with at most one decimal, and a dash when there was nothing to divide by', () => {
    expect(formatRate(62.5)).toBe('62.5%');
    expect(formatRate(100)).toBe('100%');
    expect(formatRate(null)).toBe('—');
    expect(formatSendRate(12.345)).toBe('12.35 messages/s');
    expect(formatSendRate(null)).toBe('—');
  });
});

describe('keyFigures', () => {
  const timing = {
    sentToDelivered: { samples: 5, medianSeconds: 1.24, p90Seconds: 3 },
    sentToRead: { samples: 2, medianSeconds: 75, p90Seconds: null },
  };
  const figureOf = (figures: ReturnType<typeof keyFigures>, label: string) => figures.find((f) => f.label === label);

  it('gives the counts, rates, pace, duration and timings', () => {
    const figures = keyFigures(report, timing);
    expect(Object.fromEntries(figures.map((f) => [f.label, f.value]))).toEqual({
      Sent: '7',
      Delivered: '5',
      Read: '2',
      Replied: '3',
      Failed: '2',
      Skipped: '1',
      Unknown: '0',
      'Held back by Meta': '0',
      'Delivery rate': '62.5%',
      'Read rate': '40%',
      'Failure rate': '22.2%',
      'Average send rate': '3.5 messages/s',
      Duration: '3 min 5 s',
      'Median time to deliver': '1.2 s',
      'Median time to read': '1 min 15 s',
    });
    expect(figureOf(figures, 'Median time to deliver')?.hint).toBe('90% within 3 s');
    expect(figureOf(figures, 'Median time to read')?.hint).toBeUndefined();
  });

  it('shows the timings as still coming until the delivery summary answers, and no duration before the start', () => {
    const figures = keyFigures({ ...report, durationSeconds: null }, undefined);
    expect(figureOf(figures, 'Median time to deliver')?.value).toBe('…');
    expect(figureOf(figures, 'Duration')?.value).toBe('—');
  });

  it('counts recipients held back by Meta apart, as no failure', () => {
    const held = figureOf(keyFigures({ ...report, counts: { ...report.counts, held: 4 } }, timing), 'Held back by Meta');
    expect(held).toEqual({ key: 'held', label: 'Held back by Meta', value: '4', hint: 'error 131049; not a failure' });
  });
});

describe('nothingSent', () => {
  it('is true until a recipient is sent, failed, held back by Meta or in doubt; skipped ones do not count', () => {
    const counts = { total: 3, pending: 2, sending: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 1, unknown: 0, held: 0 };
    expect(nothingSent({ counts })).toBe(true);
    expect(nothingSent({ counts: { ...counts, failed: 1 } })).toBe(false);
    expect(nothingSent({ counts: { ...counts, sent: 1 } })).toBe(false);
    expect(nothingSent({ counts: { ...counts, held: 1 } })).toBe(false);
  });
});

describe('time buckets', () => {
  // Lisbon is UTC+1 in May.
  it.each([
    [5, '24h', false, '11:00:05'],
    [5, '12h', false, '11:00:05 AM'],
    [300, '24h', false, '11:00'],
    [60, '24h', true, '1 May 11:00'],
    [86_400, '24h', false, '1 May'],
  ])('labels a %s s bucket (%s, with day: %s) as %s', (width, timeFormat, withDay, label) => {
    expect(bucketLabel('2026-05-01T10:00:05.000Z', width, 'Europe/Lisbon', timeFormat, withDay)).toBe(label);
  });

  it('names the day on every bucket when they span several days in the app timezone', () => {
    const bucket = { sent: 1, delivered: 0, read: 0, failed: 0 };
    const buckets = [
      { start: '2026-05-01T22:30:00.000Z', ...bucket },
      { start: '2026-05-01T23:30:00.000Z', ...bucket },
    ];
    expect(timelineRows({ bucketSeconds: 3_600, buckets }, 'UTC', '24h').map((r) => r.label)).toEqual(['22:30', '23:30']);
    expect(timelineRows({ bucketSeconds: 3_600, buckets }, 'Europe/Lisbon', '24h').map((r) => r.label)).toEqual([
      '1 May 23:30',
      '2 May 00:30',
    ]);
  });
});

describe('failure reasons', () => {
  it('shortens long titles for the chart axis', () => {
    expect(reasonLabel({ title: 'Message undeliverable' })).toBe('Message undeliverable');
    const label = reasonLabel({ title: 'Re-engagement message: more than 24 hours have passed since the customer last replied' });
    expect(label).toBe('Re-engagement message: more tha…');
    expect(label.length).toBe(32);
  });

  it("names the code column with Meta's code, or why there is none", () => {
    expect(reasonCode({ state: 'failed', code: 131026 })).toBe('131026');
    expect(reasonCode({ state: 'unknown', code: null })).toBe('Unknown');
    expect(reasonCode({ state: 'failed', code: null })).toBe('None');
  });
});
