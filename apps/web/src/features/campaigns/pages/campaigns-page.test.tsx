import { cleanup, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { Campaign } from '@wac/contract/campaigns';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { setDateSettings } from '../../../lib/format-date';
import { renderSeededPage } from '../../../lib/render-seeded-page';
import { campaignKeys } from '../api/campaign-query-keys';
import { type CampaignList, campaignListKey } from '../api/list-campaigns';
import { campaignFixture } from '../components/campaign.fixture';
import { CAMPAIGNS_PAGE_SIZE, CampaignsPage } from './campaigns-page';

const settings = { ...appSettingDefaults, 'app.timezone': 'Europe/Lisbon' };

afterEach(() => {
  cleanup();
  setDateSettings(appSettingDefaults);
});

const firstPage = campaignListKey({ page: 1, limit: CAMPAIGNS_PAGE_SIZE, status: '', search: '' });

function campaign(patch: Partial<Campaign>): Campaign {
  return campaignFixture({
    _id: '1',
    actions: ['update', 'delete', 'edit-contacts', 'start', 'schedule'],
    createdBy: { id: 1, username: 'admin' },
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...patch,
  });
}

const listOf = (campaigns: Campaign[]): CampaignList => ({
  campaigns,
  pagination: { page: 1, limit: CAMPAIGNS_PAGE_SIZE, total: campaigns.length, totalPages: 1 },
});

/** The list query is seeded (or held back, or failed) in the cache, so the page never calls the server here. */
const renderPage = (state: { list?: CampaignList; error?: ApiError }) =>
  renderSeededPage(<CampaignsPage />, { lists: campaignKeys.lists, firstPage, data: state.list, error: state.error }, (client) => {
    client.setQueryData(publicSettingsQueryKey, { settings });
    setDateSettings(settings);
  });

describe('CampaignsPage', () => {
  it('shows a spinner while the campaigns load', async () => {
    await renderPage({});
    expect(screen.getByRole('status', { name: 'Loading campaigns' })).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    await renderPage({ error: new ApiError('Failed to fetch campaigns', 500, undefined, null) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch campaigns');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('invites to create the first campaign when there is none', async () => {
    await renderPage({ list: listOf([]) });
    expect(screen.getByRole('heading', { name: 'No campaigns yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first campaign' }).getAttribute('href')).toBe('/campaigns/new');
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe('/campaigns/new');
  });

  it('lists each campaign with its status, template, progress, schedule in the app timezone and the actions it allows', async () => {
    const running = campaign({
      _id: '1',
      status: 'running',
      counts: { total: 20, pending: 8, sending: 2, sent: 8, delivered: 4, read: 1, failed: 1, skipped: 1, unknown: 0, held: 0 },
      actions: ['pause', 'cancel'],
    });
    const scheduled = campaign({ _id: '2', name: 'Black Friday', status: 'scheduled', scheduleTime: '2026-11-27T08:00:00.000Z' });
    await renderPage({ list: listOf([running, scheduled]) });

    expect(screen.getByRole('columnheader', { name: 'Scheduled (Europe/Lisbon)' })).toBeTruthy();
    const first = screen.getByRole('row', { name: /Spring sale/ });
    expect(within(first).getByText('Running')).toBeTruthy();
    expect(within(first).getByText('spring_sale')).toBeTruthy();
    expect(within(first).getByRole('progressbar', { name: 'Progress of Spring sale' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(first).getByText(/10 of 20/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Pause Spring sale' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Cancel Spring sale' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Duplicate Spring sale' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Delete Spring sale' })).toBeNull();
    expect(within(first).queryByRole('button', { name: 'Start Spring sale' })).toBeNull();

    const second = screen.getByRole('row', { name: /Black Friday/ });
    // 08:00 UTC is 08:00 in Lisbon in November (no summer time).
    expect(within(second).getByText('2026-11-27 08:00')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Start Black Friday' })).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Edit Black Friday' }).getAttribute('href')).toBe('/campaigns/2/edit');
    expect(within(second).getByRole('button', { name: 'Delete Black Friday' })).toBeTruthy();
  });
});
