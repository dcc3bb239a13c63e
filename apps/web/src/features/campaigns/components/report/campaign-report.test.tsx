import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type {
  CampaignBatchAnalysis,
  CampaignDeliverySummary,
  CampaignFailureAnalysis,
  CampaignReport,
} from '@wac/contract/campaign-reports';
import type { CampaignStatus } from '@wac/contract/campaign-states';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicSettingsQueryKey } from '../../../../lib/app-settings';
import { setDateSettings } from '../../../../lib/format-date';
import { ToastProvider } from '../../../../ui/toasts';
import { REPORT_POLL_MS } from '../../api/campaign-reports';
import { CampaignReportTab } from '../detail/campaign-report-tab';

const settings = { ...appSettingDefaults, 'app.timezone': 'UTC', 'app.time_format': '24h' };
const counts = { total: 10, pending: 0, sending: 0, sent: 7, delivered: 5, read: 2, failed: 2, skipped: 1, unknown: 0, held: 0 };

const report: CampaignReport = {
  _id: '7',
  name: 'Spring sale',
  status: 'completed',
  startedAt: '2026-05-01T10:00:00.000Z',
  completedAt: '2026-05-01T10:03:05.000Z',
  durationSeconds: 185,
  counts,
  rates: { sent: 7, reachedMeta: 8, deliveryRate: 62.5, readRate: 40, failureRate: 22.2, averageSendRatePerSecond: 3.5 },
  replied: 3,
  firstSentAt: '2026-05-01T10:00:01.000Z',
  lastSentAt: '2026-05-01T10:00:03.000Z',
  generatedAt: '2026-05-01T10:05:00.000Z',
};

const deliverySummary: CampaignDeliverySummary = {
  _id: '7',
  total: 10,
  states: [],
  timing: {
    sentToDelivered: { samples: 5, medianSeconds: 1.24, p90Seconds: 3 },
    sentToRead: { samples: 2, medianSeconds: 75, p90Seconds: 80 },
  },
  generatedAt: report.generatedAt,
};

const batchAnalysis: CampaignBatchAnalysis = {
  _id: '7',
  bucketSeconds: 5,
  buckets: [
    { start: '2026-05-01T10:00:00.000Z', sent: 4, delivered: 2, read: 0, failed: 1 },
    { start: '2026-05-01T10:00:05.000Z', sent: 3, delivered: 3, read: 2, failed: 1 },
  ],
  peakSentPerSecond: 2,
  generatedAt: report.generatedAt,
};

const failureAnalysis: CampaignFailureAnalysis = {
  _id: '7',
  failed: 2,
  unknown: 0,
  total: 2,
  groups: [
    {
      state: 'failed',
      code: 131026,
      title: 'Message undeliverable',
      explanation: 'The number is not on WhatsApp.',
      count: 2,
      share: 100,
      examples: ['+447700900001'],
    },
  ],
  generatedAt: report.generatedAt,
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Answers = Record<string, Answer>;
const ok = (body: unknown): Answer => ({ status: 200, body });

function answers(status: CampaignStatus, patch: Answers = {}): Answers {
  const base = '/api/campaign/campaigns/7';
  return {
    [`GET ${base}/status`]: ok({ _id: '7', status, statusReason: null, counts, actions: [], scheduleTime: null }),
    [`GET ${base}`]: ok({ campaign: { _id: '7', status } }),
    [`GET ${base}/report`]: ok({ report: { ...report, status } }),
    [`GET ${base}/delivery-summary`]: ok({ deliverySummary }),
    [`GET ${base}/batch-analysis`]: ok({ batchAnalysis }),
    [`GET ${base}/failure-analysis`]: ok({ failureAnalysis }),
    [`POST ${base}/regenerate-report`]: ok({ report }),
    ...patch,
  };
}

/** The server, as fetch sees it: each request answered from `table`, every call recorded. */
function mockServer(table: Answers) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${input}`;
    calls.push(key);
    const answer = table[key];
    if (!answer) return new Response(JSON.stringify({ error: `No answer for ${key}` }), { status: 404 });
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: answer.headers ?? { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, count: (key: string) => calls.filter((c) => c === key).length };
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicSettingsQueryKey, { settings });
  setDateSettings(settings);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/campaigns/7']}>
          <Routes>
            <Route path="/campaigns/:id" element={<CampaignReportTab />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const figure = (key: string) => document.querySelector(`.report-figure-${key} strong`)?.textContent;

beforeEach(() => localStorage.setItem('token', 'secret'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  setDateSettings(appSettingDefaults);
});

describe('CampaignReportTab', () => {
  it('shows a spinner while the report loads', () => {
    mockServer(answers('completed'));
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading report' })).toBeTruthy();
  });

  it('shows the key figures, the funnel, messages over time and failures by reason', async () => {
    mockServer(answers('completed'));
    renderTab();

    await waitFor(() => expect(figure('sent')).toBe('7'));
    expect(figure('delivered')).toBe('5');
    expect(figure('read')).toBe('2');
    expect(figure('replied')).toBe('3');
    expect(figure('failed')).toBe('2');
    expect(figure('skipped')).toBe('1');
    expect(figure('unknown')).toBe('0');
    expect(figure('held')).toBe('0');
    expect(figure('delivery-rate')).toBe('62.5%');
    expect(figure('read-rate')).toBe('40%');
    expect(figure('failure-rate')).toBe('22.2%');
    expect(figure('send-rate')).toBe('3.5 messages/s');
    expect(figure('duration')).toBe('3 min 5 s');
    await waitFor(() => expect(figure('time-to-deliver')).toBe('1.2 s'));
    expect(figure('time-to-read')).toBe('1 min 15 s');
    expect(screen.getByText('Generated 2026-05-01 10:05')).toBeTruthy();

    const funnel = screen.getByRole('figure', { name: 'Delivery funnel' });
    const funnelTable = within(funnel).getByRole('table', { name: 'Delivery funnel' });
    expect(within(funnelTable).getByRole('row', { name: 'Delivered 5 50%' })).toBeTruthy();
    const toggle = within(funnel).getByRole('button', { name: 'Show table of Delivery funnel' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const overTime = await screen.findByRole('figure', { name: 'Messages over time' });
    expect(overTime.textContent).toContain('Events per 5 seconds');
    expect(within(overTime).getByRole('row', { name: '10:00:05 3 3 2 1' })).toBeTruthy();

    const failures = await screen.findByRole('figure', { name: 'Failure reasons' });
    expect(within(failures).getByRole('columnheader', { name: 'What it means' })).toBeTruthy();
    expect(within(failures).getByRole('row', { name: '131026 Message undeliverable The number is not on WhatsApp. 2 100%' })).toBeTruthy();
  });

  it('says so when nothing was sent yet', async () => {
    const idle = { ...counts, pending: 10, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0 };
    mockServer(answers('running', { 'GET /api/campaign/campaigns/7/report': ok({ report: { ...report, counts: idle } }) }));
    renderTab();
    expect(await screen.findByText('No messages sent yet')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download recipients CSV' })).toBeTruthy();
  });

  it("shows spec 8's fallback when the report fails without a message, with a way to try again", async () => {
    mockServer(answers('completed', { 'GET /api/campaign/campaigns/7/report': { status: 500, body: {} } }));
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch campaign report');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows which part failed when one of the analyses does', async () => {
    mockServer(
      answers('completed', {
        'GET /api/campaign/campaigns/7/batch-analysis': { status: 500, body: {} },
        'GET /api/campaign/campaigns/7/failure-analysis': { status: 500, body: {} },
        'GET /api/campaign/campaigns/7/delivery-summary': { status: 500, body: {} },
      }),
    );
    renderTab();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    const texts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(texts.some((t) => t?.includes('Failed to fetch batch analysis'))).toBe(true);
    expect(texts.some((t) => t?.includes('Failed to fetch failure analysis'))).toBe(true);
    expect(texts.some((t) => t?.includes('Failed to fetch delivery summary'))).toBe(true);
    expect(screen.getByRole('figure', { name: 'Delivery funnel' })).toBeTruthy();
  });

  it('regenerates the report and then fetches every part again', async () => {
    const server = mockServer(answers('completed'));
    renderTab();
    await screen.findByRole('figure', { name: 'Failure reasons' });
    const parts = ['report', 'delivery-summary', 'batch-analysis', 'failure-analysis'].map((p) => `GET /api/campaign/campaigns/7/${p}`);
    expect(parts.map(server.count)).toEqual([1, 1, 1, 1]);

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate report' }));
    expect(await screen.findByText('Report regenerated')).toBeTruthy();
    expect(server.count('POST /api/campaign/campaigns/7/regenerate-report')).toBe(1);
    await waitFor(() => expect(parts.map(server.count)).toEqual([2, 2, 2, 2]));
  });

  it('says why regenerating failed', async () => {
    mockServer(answers('completed', { 'POST /api/campaign/campaigns/7/regenerate-report': { status: 500, body: {} } }));
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to regenerate report');
  });

  it('downloads the recipients CSV with the bearer token, under the name the server gave', async () => {
    const server = mockServer(
      answers('completed', {
        'GET /api/campaign/campaigns/7/report/recipients.csv': {
          status: 200,
          body: 'phone,status\n+447700900001,read\n',
          headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="Spring sale-recipients.csv"` },
        },
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:recipients');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Download recipients CSV' }));
    await waitFor(() => expect(saved).toEqual(['Spring sale-recipients.csv']));
    const [, init] = server.fetchMock.mock.calls.find(([url]) => url.endsWith('recipients.csv')) ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer secret');
  });

  it('fetches the report again every 5 seconds while the campaign runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = mockServer(answers('running'));
    renderTab();
    await screen.findByRole('figure', { name: 'Failure reasons' });
    const before = server.count('GET /api/campaign/campaigns/7/report');
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    await waitFor(() => expect(server.count('GET /api/campaign/campaigns/7/report')).toBe(before + 1));
    expect(server.count('GET /api/campaign/campaigns/7/failure-analysis')).toBe(before + 1);
  });

  it('does not poll a finished campaign', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = mockServer(answers('completed'));
    renderTab();
    await screen.findByRole('figure', { name: 'Failure reasons' });
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS * 2);
    expect(server.count('GET /api/campaign/campaigns/7/report')).toBe(1);
  });
});
