import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setDateSettings } from '../../../lib/format-date';
import { engagementFixture, fixtureRange, responseFixture, retentionFixture, stats, volumeFixture } from '../analytics-test-fixtures';
import { analyticsKeys, analyticsPaths } from '../api/analytics-queries';
import { renderDashboard } from '../render-dashboard';
import { MetricsPage } from './metrics-page';

afterEach(() => {
  cleanup();
  setDateSettings(appSettingDefaults);
});

const settings = { ...appSettingDefaults, 'app.timezone': 'Europe/Lisbon' };

function renderMetrics(over: Partial<Record<'volume' | 'response' | 'retention' | 'engagement', unknown>> = {}, volumeError?: Error) {
  const answer = (path: (typeof analyticsPaths)[keyof typeof analyticsPaths], data: unknown, error?: Error) =>
    [analyticsKeys.of(path, fixtureRange), error ? undefined : data, error] as const;
  return renderDashboard(<MetricsPage />, {
    settings,
    answers: [
      [...answer(analyticsPaths.volume, 'volume' in over ? over.volume : volumeFixture(), volumeError)],
      [...answer(analyticsPaths.response, 'response' in over ? over.response : responseFixture())],
      [...answer(analyticsPaths.retention, 'retention' in over ? over.retention : retentionFixture())],
      [...answer(analyticsPaths.engagement, 'engagement' in over ? over.engagement : engagementFixture())],
    ],
  });
}

const card = (name: string) => screen.getByRole('region', { name });
const tableRows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .map((r) => [...r.children].map((c) => c.textContent));
const showTable = (region: HTMLElement) => fireEvent.click(within(region).getByRole('button', { name: 'Show table' }));

describe('MetricsPage', () => {
  it('tabulates message volume per period, each leading to its conversations', async () => {
    await renderMetrics();
    const region = card('Message volume');
    showTable(region);
    expect(tableRows(region).slice(0, 2)).toEqual([
      ['Period', 'Received', 'Sent'],
      ['2 Mar', '100', '80'],
    ]);
    expect(within(region).getByRole('link', { name: '3 Mar' }).getAttribute('href')).toBe(
      '/reports/conversations?startDate=2026-03-03&endDate=2026-03-03',
    );
  });

  it('shows response times overall and by agent, as readable durations', async () => {
    await renderMetrics();
    const figures = screen.getByRole('region', { name: 'Response times' });
    expect(figures.textContent).toContain('Median first response1 min 35 s');
    expect(figures.textContent).toContain('Reply time, 90th percentile4 min');
    const byAgent = card('Response times by agent');
    showTable(byAgent);
    expect(tableRows(byAgent)).toEqual([
      [
        'Agent',
        'Replies',
        'First responses',
        'Median first response',
        'First response, 90th percentile',
        'Median reply time',
        'Reply time, 90th percentile',
      ],
      ['amy', '140', '25', '1 min 15 s', '5 min', '50 s', '3 min 20 s'],
      ['bruno', '60', '15', '5 min', '20 min', '3 min 20 s', '13 min 20 s'],
    ]);
  });

  it('draws the hour of the week as a grid with a text value in each cell, Monday first', async () => {
    await renderMetrics();
    const rows = tableRows(card('Reply time by hour of the week'));
    expect(rows[0]?.slice(0, 3)).toEqual(['Day', '00:00', '01:00']);
    expect(rows[0]).toHaveLength(25);
    expect(rows.map((r) => r[0])).toEqual(['Day', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[1]?.[10]).toBe('45 s');
    expect(rows[1]?.[11]).toBe('30 min');
    expect(rows[5]?.[18]).toBe('2 h');
    expect(rows[2]?.[10]).toBe('–');
    const slowest = within(card('Reply time by hour of the week')).getByText('2 h');
    expect(slowest.className).toBe('heat heat-4');
  });

  it('shows each agent’s share of the replies, busiest first', async () => {
    await renderMetrics();
    const region = card('Agent workload');
    showTable(region);
    expect(tableRows(region).slice(1)).toEqual([
      ['amy', '140', '70%'],
      ['bruno', '60', '30%'],
    ]);
  });

  it('shows retention cohorts as a table heatmap of shares and counts', async () => {
    await renderMetrics();
    expect(tableRows(card('Customers returning, by the week they first wrote'))).toEqual([
      ['First wrote in', 'Customers', 'Week 0', 'Week 1', 'Week 2'],
      ['Week of 23 Feb 2026', '40', '100% (40)', '25% (10)', '10% (4)'],
      ['Week of 2 Mar 2026', '20', '100% (20)', '–', '–'],
    ]);
    // Shaded by the share: all of the cohort is darkest, a quarter and a tenth light.
    const firstCohort = within(card('Customers returning, by the week they first wrote')).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(firstCohort)
        .getAllByRole('cell')
        .map((cell) => cell.className),
    ).toEqual(['', 'heat heat-4', 'heat heat-1', 'heat heat-1']);
  });

  it('shows reply rates to templates and campaigns, with each campaign linking to its page', async () => {
    await renderMetrics();
    const rates = screen.getByRole('region', { name: 'Reply rates' });
    expect(rates.textContent).toContain('Reply rate to templates20%');
    expect(rates.textContent).toContain('Reply rate to campaigns15%');
    expect(tableRows(card('Engagement by template'))[1]).toEqual(['order_update', '300', '250', '200', '50', '20%']);
    expect(within(card('Engagement by campaign')).getByRole('link', { name: 'Spring sale' }).getAttribute('href')).toBe('/campaigns/4');
  });

  it('says so where there were no replies, and shows a failed card with a way to try again', async () => {
    const none = { ...responseFixture(), firstResponse: stats(0, 0), replyTime: stats(0, 0), series: [], byAgent: [], byHourOfWeek: [] };
    await renderMetrics(
      { response: none },
      new ApiError('Advanced reports are not included in your plan', 403, 'FEATURE_NOT_AVAILABLE', null),
    );
    expect(screen.getAllByText('No human replies in these dates.')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Response times' }).textContent).toContain('No replies yet');
    const failed = within(card('Message volume')).getByRole('alert');
    expect(failed.textContent).toContain('Advanced reports are not included in your plan');
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
