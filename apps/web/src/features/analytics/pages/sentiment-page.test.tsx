import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { setDateSettings } from '../../../lib/format-date';
import { fixtureRange, sentimentFixture } from '../analytics-test-fixtures';
import { analyticsKeys, analyticsPaths } from '../api/analytics-queries';
import { renderDashboard } from '../render-dashboard';
import { SentimentPage } from './sentiment-page';

afterEach(() => {
  cleanup();
  setDateSettings(appSettingDefaults);
});

const settings = { ...appSettingDefaults, 'app.timezone': 'Europe/Lisbon', 'app.date_format': 'YYYY-MM-DD', 'app.time_format': '24h' };
const key = analyticsKeys.of(analyticsPaths.sentiment, fixtureRange);
const renderSentiment = (data?: unknown, error?: Error) => renderDashboard(<SentimentPage />, { settings, answers: [[key, data, error]] });
const card = (name: string) => screen.getByRole('region', { name });
const tableRows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .map((r) => [...r.children].map((c) => c.textContent));

describe('SentimentPage', () => {
  it('lists the most negative recent conversations, each opening its conversation in the chat', async () => {
    await renderSentiment(sentimentFixture());
    const region = card('Most negative recent conversations');
    expect(tableRows(region)).toEqual([
      ['Customer', 'Phone', 'Negative messages', 'Average score', 'Last negative message'],
      ['Dora Lima', '5511900000031', '5', '-0.72', '2026-03-07 15:20'],
      ['447700900012', '447700900012', '2', '-0.40', '2026-03-05 09:00'],
    ]);
    expect(within(region).getByRole('link', { name: 'Dora Lima' }).getAttribute('href')).toBe('/chat?phone=5511900000031');
  });

  it('tabulates the trend per label with the average score, each period leading to its conversations', async () => {
    await renderSentiment(sentimentFixture());
    const region = card('Sentiment over time');
    fireEvent.click(within(region).getByRole('button', { name: 'Show table' }));
    const rows = tableRows(region);
    expect(rows[0]).toEqual(['Period', 'Positive', 'Neutral', 'Negative', 'Average score']);
    expect(rows[1]).toEqual(['2 Mar', '15', '40', '6', '0.10']);
    expect(within(region).getByRole('link', { name: '8 Mar' }).getAttribute('href')).toBe(
      '/reports/conversations?startDate=2026-03-08&endDate=2026-03-08',
    );
  });

  it('shows the distribution with shares, and the words behind negative scores', async () => {
    await renderSentiment(sentimentFixture());
    const distribution = card('Distribution');
    fireEvent.click(within(distribution).getByRole('button', { name: 'Show table' }));
    expect(tableRows(distribution).slice(1)).toEqual([
      ['Positive', '120', '25.8%'],
      ['Neutral', '300', '64.5%'],
      ['Negative', '45', '9.7%'],
    ]);
    const words = card('Words behind negative scores');
    fireEvent.click(within(words).getByRole('button', { name: 'Show table' }));
    expect(tableRows(words).slice(1)).toEqual([
      ['late', '14'],
      ['horrible', '6'],
    ]);
  });

  it('states how accurate the labels are, per labelled set, and what corrections say', async () => {
    await renderSentiment(sentimentFixture());
    const region = card('How accurate the labels are');
    expect(region.textContent).toContain("Labels are a lexicon scorer's, not a person's");
    // Said once: the statement names the corrections, the card adds how to make one.
    expect(region.textContent?.split('People corrected 9 labels; the scorer had agreed with them on 55.6%.')).toHaveLength(2);
    expect(region.textContent).toContain('Agents and admins can correct a label on a message in the chat');
    expect(tableRows(region).slice(1)).toEqual([
      ['UCI sentences', 'English', '3,000', '81.2%'],
      ['Our Spanish messages', 'Spanish', '120', '86.7%'],
    ]);
  });

  it('says so where nothing was scored in the dates, keeping the accuracy statement', async () => {
    await renderSentiment(sentimentFixture(true));
    expect(screen.getAllByText('No customer message was scored in these dates.')).toHaveLength(2);
    expect(screen.getAllByText('No negative messages in these dates.')).toHaveLength(2);
    expect(screen.getByText('No messages scored')).toBeTruthy();
    expect(tableRows(card('How accurate the labels are'))).toHaveLength(3);
  });

  it('shows the failure in each card with a way to try again', async () => {
    await renderSentiment(undefined, new ApiError('Analytics are not included in your plan', 403, 'FEATURE_NOT_AVAILABLE', null));
    const alerts = screen.getAllByRole('alert');
    expect(alerts.length).toBe(5);
    expect(alerts.every((a) => a.textContent?.includes('Analytics are not included in your plan'))).toBe(true);
  });
});
