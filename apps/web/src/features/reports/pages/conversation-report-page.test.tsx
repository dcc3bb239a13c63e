import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { ConversationReportRow } from '@wac/contract/conversation-reports';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { setDateSettings } from '../../../lib/format-date';
import { ToastProvider } from '../../../ui/toasts';
import { ConversationReportPage } from './conversation-report-page';

const settings = { ...appSettingDefaults, 'app.timezone': 'UTC', 'app.time_format': '24h' };
const nadia = { id: 7, username: 'nadia' };

const bruno: ConversationReportRow = {
  conversationId: 11,
  contact: { id: 3, name: 'Bruno', phone: '447700900901', waId: '447700900901', bsuid: null, username: null },
  messages: 5,
  inbound: 3,
  outbound: 2,
  failed: 0,
  firstMessageAt: '2026-11-02T09:00:00.000Z',
  lastMessageAt: '2026-11-03T08:20:00.000Z',
  sessionState: 'agent',
  agent: nadia,
  sentiment: { averageScore: -0.05, negativeMessages: 1 },
  firstResponse: { seconds: 240, businessSeconds: 180, repliedAt: '2026-11-02T09:04:00.000Z', agent: nadia },
  resolution: {
    seconds: 5400,
    startedAt: '2026-11-03T08:00:00.000Z',
    endedAt: '2026-11-03T09:30:00.000Z',
    agent: { id: 8, username: 'omar' },
  },
};
const chloe: ConversationReportRow = {
  ...bruno,
  conversationId: 12,
  contact: { id: 4, name: 'Chloe', phone: '447700900902', waId: '447700900902', bsuid: null, username: null },
  sessionState: 'ended',
  agent: null,
  sentiment: { averageScore: 0.8, negativeMessages: 0 },
  firstResponse: null,
  resolution: null,
};

/** The server as fetch sees it: the report answers `rows` (only Bruno when filtered by negative messages). */
function mockServer() {
  const reportUrls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://console.test');
      if (url.pathname === '/api/reports/conversations/agents') return Response.json({ agents: [nadia] });
      reportUrls.push(url);
      const rows = url.searchParams.get('sentiment') === 'negative' ? [bruno] : [bruno, chloe];
      return Response.json({
        rows,
        totals: { conversations: rows.length, messages: 10, inbound: 6, outbound: 4, failed: 0, negative: 1 },
        pagination: { page: 1, limit: 25, total: rows.length, totalPages: 1 },
      });
    }),
  );
  return reportUrls;
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.search}</output>;
}

function renderPage(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicSettingsQueryKey, { settings });
  setDateSettings(settings);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route
              path="/reports/conversations"
              element={
                <>
                  <ConversationReportPage />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.setItem('token', 'secret'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConversationReportPage', () => {
  it('opens the range of the link it was reached by and shows each conversation’s holder, sentiment and times', async () => {
    const requests = mockServer();
    renderPage('/reports/conversations?startDate=2026-11-01&endDate=2026-11-07');
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('2026-11-07');
    const table = await screen.findByRole('table');
    expect(requests[0]?.searchParams.get('startDate')).toBe('2026-11-01');
    expect(requests[0]?.searchParams.get('endDate')).toBe('2026-11-07');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Agent', 'Sentiment', 'First response', 'Resolution']));
    const row = within(table).getByText('Bruno').closest('tr') as HTMLElement;
    expect(within(row).getByText('nadia')).toBeTruthy();
    expect(row.textContent).toContain('-0.05');
    expect(within(row).getByText('1 negative')).toBeTruthy();
    expect(row.textContent).toContain('4 min (3 min in hours)');
    expect(row.textContent).toContain('1 h 30 min');
    const other = within(table).getByText('Chloe').closest('tr') as HTMLElement;
    expect(other.textContent).toContain('+0.80');
  });

  it('filters by sentiment, agent and state, writing each filter to the address and the request', async () => {
    const requests = mockServer();
    renderPage('/reports/conversations?startDate=2026-11-01&endDate=2026-11-07');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Sentiment'), { target: { value: 'negative' } });
    await waitFor(() => expect(screen.queryByText('Chloe')).toBeNull());
    expect(screen.getByLabelText('Address').textContent).toBe('?startDate=2026-11-01&endDate=2026-11-07&sentiment=negative');
    expect(requests.at(-1)?.searchParams.get('sentiment')).toBe('negative');

    await screen.findByRole('option', { name: 'nadia' });
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'agent' } });
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('sessionState')).toBe('agent'));
    expect(requests.at(-1)?.searchParams.get('agentId')).toBe('7');
    expect(screen.getByLabelText('Address').textContent).toBe(
      '?startDate=2026-11-01&endDate=2026-11-07&agentId=7&sessionState=agent&sentiment=negative',
    );
  });

  it('writes a typed search to the address once typing pauses', async () => {
    const requests = mockServer();
    renderPage('/reports/conversations?startDate=2026-11-01&endDate=2026-11-07');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'bru' } });
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toContain('search=bru'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('search')).toBe('bru'));
  });
});
