import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { channelStatusQueryKey } from '../../../lib/channel-status';
import { setDateSettings } from '../../../lib/format-date';
import type { DashboardFilter } from '../../../ui/dashboard/dashboard-filter';
import {
  conversationsFixture,
  engagementFixture,
  fixtureRange,
  fixtureSearch,
  responseFixture,
  sentimentFixture,
  summaryFixture,
  volumeFixture,
} from '../analytics-test-fixtures';
import { type AnalyticsPath, analyticsKeys, analyticsPaths } from '../api/analytics-queries';
import { filterOptionsKey } from '../api/filter-options';
import { latestActivityKey } from '../components/latest-activity';
import { renderDashboard, type SeededAnswer } from '../render-dashboard';
import { MetricsPage } from './metrics-page';
import { OverviewPage } from './overview-page';
import { SentimentPage } from './sentiment-page';

afterEach(() => {
  cleanup();
  setDateSettings(appSettingDefaults);
});

const settings = { ...appSettingDefaults, 'app.timezone': 'Europe/Lisbon' };
const NUMBER = '100000000000001';
const lists: SeededAnswer[] = [
  [channelStatusQueryKey, { mode: 'sandbox', phoneNumberId: NUMBER, apiVersion: 'v21.0' }],
  [
    filterOptionsKey('/api/users'),
    [
      { value: '7', label: 'amy' },
      { value: '9', label: 'bruno' },
    ],
  ],
  [filterOptionsKey('/api/campaign/campaigns'), [{ value: '4', label: 'Spring sale' }]],
  [filterOptionsKey('/api/listflows'), [{ value: '3', label: 'Welcome' }]],
  [latestActivityKey, { activities: [] }],
];

/** The page at the fixtures' range narrowed by `filter`, its endpoints answered only under the filtered keys. */
function renderFiltered(
  page: ReactElement,
  filter: DashboardFilter,
  answers: [AnalyticsPath, unknown][],
  role: 'admin' | 'agent' = 'admin',
) {
  return renderDashboard(page, {
    settings,
    role,
    search: `${fixtureSearch}&${filter.name}=${filter.value}`,
    answers: [...lists, ...answers.map(([path, data]): SeededAnswer => [analyticsKeys.of(path, fixtureRange, filter), data])],
  });
}

const card = (name: string) => screen.getByRole('region', { name });
const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
const notKept = (noun: string, all: string) => `These figures are not kept per ${noun}. Choose “${all}” to see them.`;

describe('the dashboards narrowed by a filter from the address', () => {
  it('Metrics by agent: volume and response times are the agent’s, retention and engagement say they are not kept per agent', async () => {
    await renderFiltered(<MetricsPage />, { name: 'agentId', value: '9' }, [
      [analyticsPaths.volume, volumeFixture()],
      [analyticsPaths.response, responseFixture()],
    ]);
    expect(select('Agent').selectedOptions[0]?.text).toBe('bruno');
    expect([...select('Campaign').options].map((o) => o.text)).toEqual(['All campaigns', 'Spring sale']);
    expect(screen.queryByRole('combobox', { name: 'Flow' })).toBeNull();
    fireEvent.click(within(card('Message volume')).getByRole('button', { name: 'Show table' }));
    expect(within(card('Message volume')).getAllByRole('row')[1]?.textContent).toBe('2 Mar10080');
    expect(card('Response times').textContent).toContain('Median first response1 min 35 s');
    for (const name of ['Customers returning, by the week they first wrote', 'Reply rates', 'Engagement by campaign']) {
      expect(card(name).textContent).toContain(notKept('agent', 'All agents'));
      expect(within(card(name)).queryByRole('button', { name: 'Export CSV' })).toBeNull();
    }
  });

  it('Metrics by phone number: response times stay, the cards by agent say they are not split within a number', async () => {
    await renderFiltered(<MetricsPage />, { name: 'phoneNumberId', value: NUMBER }, [
      [analyticsPaths.volume, volumeFixture()],
      [analyticsPaths.response, { ...responseFixture(), byAgent: [] }],
    ]);
    expect(select('Phone number').value).toBe(NUMBER);
    expect(card('Response times').textContent).toContain('Median first response1 min 35 s');
    expect(card('Response times by agent').textContent).toContain(notKept('phone number', 'All phone numbers'));
    expect(card('Agent workload').textContent).toContain(notKept('phone number', 'All phone numbers'));
  });

  it('Metrics by campaign: engagement is the campaign’s, response times and templates say they are not kept per campaign', async () => {
    await renderFiltered(<MetricsPage />, { name: 'campaignId', value: '4' }, [
      [analyticsPaths.volume, volumeFixture()],
      [analyticsPaths.engagement, { ...engagementFixture(), byTemplate: [] }],
    ]);
    expect(select('Campaign').selectedOptions[0]?.text).toBe('Spring sale');
    expect(card('Reply rates').textContent).toContain('Reply rate to campaigns15%');
    expect(within(card('Engagement by campaign')).getByRole('link', { name: 'Spring sale' })).toBeTruthy();
    expect(card('Engagement by template').textContent).toContain(notKept('campaign', 'All campaigns'));
    expect(card('Response times').textContent).toContain(notKept('campaign', 'All campaigns'));
    expect(card('Reply time by hour of the week').textContent).toContain(notKept('campaign', 'All campaigns'));
  });

  it('Overview by flow: the conversations are the flow’s without the install-wide active count, the figures say they are not kept per flow', async () => {
    await renderFiltered(<OverviewPage />, { name: 'flowId', value: '3' }, [
      [analyticsPaths.conversations, conversationsFixture()],
      [analyticsPaths.summary, summaryFixture()],
    ]);
    expect(select('Flow').selectedOptions[0]?.text).toBe('Welcome');
    expect(card('Figures').textContent).toBe(notKept('flow', 'All flows'));
    expect(card('Template and campaign results').textContent).toContain(notKept('flow', 'All flows'));
    const conversations = card('Conversations over time');
    expect(conversations.textContent).toContain('Active conversations are not kept per flow, so they are left out.');
    fireEvent.click(within(conversations).getByRole('button', { name: 'Show table' }));
    expect(
      within(conversations)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Opened', 'Reopened', 'Handed off by the bot', 'Resolved']);
    expect(screen.getByText('Everything that happened, whatever the filter.')).toBeTruthy();
  });

  it('Overview by agent: a figure kept for the whole install only says so instead of a number', async () => {
    await renderFiltered(<OverviewPage />, { name: 'agentId', value: '7' }, [
      [analyticsPaths.conversations, conversationsFixture()],
      [
        analyticsPaths.summary,
        summaryFixture({ conversations: null, campaigns: { ...summaryFixture().current.campaigns, replied: null } }),
      ],
    ]);
    const tile = (label: string) => screen.getByText(label).closest('.figure-tile') as HTMLElement;
    expect(tile('Conversations').textContent).toBe('ConversationsNot kept per agent');
    expect(tile('Campaign replies').textContent).toBe('Campaign repliesNot kept per agent');
    expect(tile('Messages received').textContent).toContain('1,240');
  });

  it('Overview for an agent from a shared link by flow: the flow, which agents cannot list, is shown by its id and can be cleared', async () => {
    await renderFiltered(
      <OverviewPage />,
      { name: 'flowId', value: '3' },
      [[analyticsPaths.conversations, conversationsFixture()]],
      'agent',
    );
    expect(select('Flow').selectedOptions[0]?.text).toBe('Flow #3');
    fireEvent.change(select('Flow'), { target: { value: '' } });
    expect(screen.queryByRole('combobox', { name: 'Flow' })).toBeNull();
    expect(select('Phone number').value).toBe('');
  });

  it('Sentiment for an agent: the agents to pick are those holding conversations, as agents may not list users', async () => {
    await renderDashboard(<SentimentPage />, {
      settings,
      role: 'agent',
      answers: [
        ...lists,
        [filterOptionsKey('/api/reports/conversations/agents'), [{ value: '7', label: 'amy' }]],
        [analyticsKeys.of(analyticsPaths.sentiment, fixtureRange), sentimentFixture()],
      ],
    });
    expect([...select('Agent').options].map((o) => o.text)).toEqual(['All agents', 'amy']);
    expect([...select('Phone number').options].map((o) => o.text)).toEqual(['All phone numbers', NUMBER]);
    expect(screen.getAllByRole('combobox').map((s) => s.getAttribute('id') && (s as HTMLSelectElement).labels?.[0]?.textContent)).toEqual([
      'Range',
      'Interval',
      'Agent',
      'Phone number',
    ]);
  });
});
