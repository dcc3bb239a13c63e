import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Campaign } from '@wac/contract/campaigns';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { campaignFixture } from './campaign.fixture';
import { CampaignActions } from './campaign-actions';
import { campaignCounts } from './campaign-counts.fixture';

const noCounts = campaignCounts({});

const campaign = (patch: Partial<Campaign>) => campaignFixture(patch);

const base = '/api/campaign/campaigns/7';

/** The server as fetch sees it: each request answered from `table`, every call recorded. */
function mockServer(table: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${input}`;
      calls.push(key);
      const body = table[key];
      if (body === undefined) return new Response(JSON.stringify({ error: `No answer for ${key}` }), { status: 404 });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderActions(c: ReturnType<typeof campaign>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <CampaignActions campaign={c} layout="page" />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.setItem('token', 'secret'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CampaignActions', () => {
  it('asks before starting, naming how many contacts receive which template from which number', async () => {
    const calls = mockServer({
      [`POST ${base}/preflight`]: {
        recipients: 48,
        problems: [],
        problemCount: 0,
        warnings: [],
        from: { phoneNumberId: '106540352242922', displayPhoneNumber: '15550100001' },
      },
      [`POST ${base}/start`]: {
        _id: '7',
        status: 'running',
        statusReason: null,
        counts: noCounts,
        actions: [],
        scheduleTime: null,
        warnings: [],
      },
    });
    renderActions(campaign({ actions: ['update', 'delete', 'edit-contacts', 'start', 'schedule'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Spring sale?' });
    await waitFor(() =>
      expect(dialog.textContent).toContain('48 contacts will receive spring_sale (en_US) from +15550100001, starting now.'),
    );
    expect(calls).not.toContain(`POST ${base}/start`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start sending' }));
    await waitFor(() => expect(calls.filter((c) => c === `POST ${base}/start`)).toHaveLength(1));
  });

  it('asks to keep or cancel a campaign in those words', async () => {
    const calls = mockServer({});
    renderActions(campaign({ actions: ['pause', 'cancel'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel campaign' });
    expect(within(dialog).getByRole('button', { name: 'Cancel campaign' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('asks to cancel a scheduled campaign before it starts, not to stop sending what was never sent', async () => {
    mockServer({});
    renderActions(campaign({ status: 'scheduled', actions: ['cancel-schedule', 'cancel'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel campaign' });
    expect(dialog.textContent).toContain('Cancel Spring sale before it starts? Nobody will get the message');
    expect(dialog.textContent).not.toContain('Stop sending');
  });

  it('offers to unschedule a scheduled campaign', () => {
    mockServer({});
    renderActions(campaign({ actions: ['update', 'delete', 'edit-contacts', 'start', 'schedule', 'cancel-schedule', 'cancel'] }));
    expect(screen.getByRole('button', { name: 'Unschedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel schedule' })).toBeNull();
  });

  it('offers to retry failed recipients only when some failed', () => {
    mockServer({});
    const completed = { actions: ['delete', 'retry-failed'] as Campaign['actions'] };
    renderActions(campaign({ ...completed, counts: { ...noCounts, total: 48, sent: 48 } }));
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
    cleanup();
    renderActions(campaign({ ...completed, counts: { ...noCounts, total: 48, sent: 46, failed: 2 } }));
    expect(screen.getByRole('button', { name: 'Retry failed' })).toBeTruthy();
  });
});
