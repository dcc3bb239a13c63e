import type { TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import { describe, expect, it } from 'vitest';
import { bucketLabel, chartData, MAX_LINES, OTHER } from './analytics-series';

const counts = (sent: number) => ({ total: sent, sent, delivered: sent - 1, read: 1, failed: 0 });
const summary = (names: string[], series: TemplateAnalyticsResponse['series']) => ({
  interval: 'daily' as const,
  timezone: 'UTC',
  series,
  templates: names.map((templateName) => ({ templateName, ...counts(1), deliveryRate: 0, readRate: 0 })),
});

describe('chartData', () => {
  it('puts each bucket on one row, oldest first, with a count per template and 0 where it sent none', () => {
    const data = chartData(
      summary(
        ['order_update', 'welcome'],
        [
          { bucket: '2026-11-22T00:00:00.000Z', templateName: 'welcome', ...counts(3) },
          { bucket: '2026-11-21T00:00:00.000Z', templateName: 'order_update', ...counts(5) },
          { bucket: '2026-11-22T00:00:00.000Z', templateName: 'order_update', ...counts(2) },
        ],
      ),
      'delivered',
    );
    expect(data.lines).toEqual(['order_update', 'welcome']);
    expect(data.rows).toEqual([
      { bucket: '2026-11-21T00:00:00.000Z', label: '21 Nov', counts: { order_update: 4, welcome: 0 } },
      { bucket: '2026-11-22T00:00:00.000Z', label: '22 Nov', counts: { order_update: 1, welcome: 2 } },
    ]);
  });

  it('adds up the quieter templates as one line once there are more than fit', () => {
    const names = Array.from({ length: MAX_LINES + 2 }, (_, i) => `t${i}`);
    const series = names.map((templateName) => ({ bucket: '2026-11-21T00:00:00.000Z', templateName, ...counts(2) }));
    const data = chartData(summary(names, series), 'sent');
    expect(data.lines).toEqual([...names.slice(0, MAX_LINES - 1), OTHER]);
    expect(data.rows[0]?.counts[OTHER]).toBe(2 * 3);
  });

  it("draws the server's summed row of the templates beyond its top (templateName null) on the Other line", () => {
    const names = Array.from({ length: MAX_LINES + 2 }, (_, i) => `t${i}`);
    const shown = names.slice(0, MAX_LINES).map((templateName) => ({ bucket: '2026-11-21T00:00:00.000Z', templateName, ...counts(2) }));
    const series = [...shown, { bucket: '2026-11-21T00:00:00.000Z', templateName: null, ...counts(4) }];
    const data = chartData(summary(names, series), 'sent');
    expect(data.lines).toEqual([...names.slice(0, MAX_LINES - 1), OTHER]);
    // The sixth template (no line of its own) and the two the server summed.
    expect(data.rows[0]?.counts[OTHER]).toBe(2 + 4);
  });

  it('labels buckets for their interval in the app’s timezone', () => {
    expect(bucketLabel('2026-11-21T03:00:00.000Z', 'hourly', 'America/Sao_Paulo')).toBe('21 Nov 00:00');
    expect(bucketLabel('2026-11-01T03:00:00.000Z', 'monthly', 'America/Sao_Paulo')).toBe('Nov 2026');
    expect(bucketLabel('2026-11-16T00:00:00.000Z', 'weekly', 'UTC')).toBe('Week of 16 Nov');
  });
});
