import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setDateSettings } from '../../../lib/format-date';
import { conversationsFixture, fixtureRange, summaryFixture } from '../analytics-test-fixtures';
import { analyticsKeys, analyticsPaths } from '../api/analytics-queries';
import { latestActivityKey } from '../components/latest-activity';
import { renderDashboard } from '../render-dashboard';
import { OverviewPage } from './overview-page';

afterEach(() => {
  cleanup();
  setDateSettings(appSettingDefaults);
});

const settings = { ...appSettingDefaults, 'app.timezone': 'Europe/Lisbon' };

function renderOverview(answers: { summary?: unknown; conversations?: unknown; summaryError?: Error }) {
  return renderDashboard(<OverviewPage />, {
    settings,
    answers: [
      [analyticsKeys.of(analyticsPaths.summary, fixtureRange), answers.summary, answers.summaryError],
      [analyticsKeys.of(analyticsPaths.conversations, fixtureRange), answers.conversations],
      [latestActivityKey, { activities: [] }],
    ],
  });
}

const tile = (label: string) => screen.getByText(label).closest('.figure-tile') as HTMLElement;

describe('OverviewPage', () => {
  it('shows each figure of the range with its change against the previous period in words', async () => {
    await renderOverview({ summary: summaryFixture(), conversations: conversationsFixture() });
    expect(tile('Conversations').textContent).toBe('Conversations150▲ Up 25% on the previous period');
    expect(tile('Messages received').textContent).toContain('1,240');
    expect(tile('Messages sent').textContent).toContain('Down 2% on the previous period');
    expect(tile('Median first response').textContent).toContain('1 min 35 s');
    expect(within(tile('Median first response')).getByText('Down 21% on the previous period').className).toContain('figure-change-good');
    expect(tile('Open now').textContent).toBe('Open now7');
    expect(tile('Waiting now').textContent).toBe('Waiting now3');
    expect(tile('Bot handoffs').textContent).toContain('Up from none in the previous period');
    expect(tile('Spend').textContent).toBe('SpendNot available yet');
  });

  it('shows the spend in its currency once prices are stored', async () => {
    await renderOverview({ summary: summaryFixture({ spend: { amount: 12.5, currency: 'EUR' } }), conversations: conversationsFixture() });
    expect(tile('Spend').textContent).toContain('€12.50');
  });

  it('tabulates conversations over time with each period linking to its conversations in the report', async () => {
    await renderOverview({ summary: summaryFixture(), conversations: conversationsFixture() });
    const card = screen.getByRole('region', { name: 'Conversations over time' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show table' }));
    const table = within(card).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Active', 'Opened', 'Reopened', 'Handed off by the bot', 'Resolved']);
    const link = within(table).getByRole('link', { name: '4 Mar' });
    expect(link.getAttribute('href')).toBe('/reports/conversations?startDate=2026-03-04&endDate=2026-03-04');
  });

  it('tabulates template and campaign results beside the previous period', async () => {
    await renderOverview({ summary: summaryFixture(), conversations: conversationsFixture() });
    const card = screen.getByRole('region', { name: 'Template and campaign results' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show table' }));
    const rows = within(card)
      .getAllByRole('row')
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Outcome', 'Templates', 'Templates, previous period', 'Campaigns', 'Campaigns, previous period'],
      ['Sent, not yet delivered', '40', '50', '50', '0'],
      ['Delivered, not read', '150', '100', '250', '0'],
      ['Read', '100', '90', '180', '0'],
      ['Failed', '10', '10', '20', '0'],
      ['Replied', '–', '–', '45', '0'],
    ]);
  });

  it('says when there were no conversations in the dates', async () => {
    await renderOverview({ summary: summaryFixture(), conversations: conversationsFixture(true) });
    expect(screen.getByText('No conversations in these dates.')).toBeTruthy();
  });

  it('shows why the figures failed, with a way to try again', async () => {
    await renderOverview({ summaryError: new ApiError('Analytics are not included in your plan', 403, 'FEATURE_NOT_AVAILABLE', null) });
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]?.textContent).toContain('Analytics are not included in your plan');
    expect(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
