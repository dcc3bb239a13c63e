import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { Campaign } from '@wac/contract/campaigns';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../../../lib/app-settings';
import { setDateSettings } from '../../../../lib/format-date';
import { ToastProvider } from '../../../../ui/toasts';
import { campaignFixture } from '../campaign.fixture';
import { campaignCounts } from '../campaign-counts.fixture';
import { CampaignProgressPanel } from './campaign-progress-panel';
import { CampaignSummary } from './campaign-summary';
import { recipientStateLabel } from './recipient-state-badge';

const settings = { ...appSettingDefaults, 'app.timezone': 'UTC' };

afterEach(() => {
  cleanup();
  setDateSettings(appSettingDefaults);
});

const campaign = (patch: Partial<Campaign>): Campaign =>
  campaignFixture({
    status: 'completed',
    counts: campaignCounts({ total: 48, sent: 48, delivered: 47, read: 46 }),
    actions: ['delete', 'retry-failed'],
    updatedAt: '2026-05-01T10:00:00.000Z',
    startedAt: '2026-05-01T09:00:00.000Z',
    completedAt: '2026-05-01T09:05:00.000Z',
    ...patch,
  });

function renderWithApp(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  client.setQueryData(publicSettingsQueryKey, { settings });
  setDateSettings(settings);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const countOf = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;

describe('CampaignProgressPanel', () => {
  it('shows the funnel as it adds up, and tells a screen reader the same figures as the bar', () => {
    const running = campaign({ status: 'running', counts: campaignCounts({ total: 48, pending: 1, sent: 47, delivered: 40, read: 30 }) });
    renderWithApp(<CampaignProgressPanel campaign={running} live={null} />);
    expect(countOf('Sent').textContent).toBe('Sent47');
    expect(countOf('Delivered').textContent).toBe('Delivered40');
    expect(countOf('Read').textContent).toBe('Read30');
    const bar = screen.getByRole('progressbar', { name: 'Progress of Spring sale' });
    expect(bar.getAttribute('aria-valuenow')).toBe('97');
    expect(screen.getByText('47 of 48 · 97%', { selector: '.campaign-progress span' })).toBeTruthy();
    const spoken = document.querySelector('[aria-live="polite"]')?.textContent;
    expect(spoken).toBe('Running: 47 of 48 · 97%');
  });

  it('shows failures in red only when there are some', () => {
    renderWithApp(<CampaignProgressPanel campaign={campaign({})} live={null} />);
    expect(countOf('Failed').textContent).toBe('Failed0');
    expect(countOf('Failed').className).not.toContain('campaign-count-danger');
    cleanup();
    renderWithApp(
      <CampaignProgressPanel campaign={campaign({ counts: campaignCounts({ total: 48, sent: 46, failed: 2 }) })} live={null} />,
    );
    expect(countOf('Failed').className).toContain('campaign-count-danger');
  });

  it('shows recipients held back by Meta only when there are some, saying whether they are sent again', () => {
    renderWithApp(<CampaignProgressPanel campaign={campaign({})} live={null} />);
    expect(screen.queryByText('Held back by Meta', { selector: 'dt' })).toBeNull();
    cleanup();
    const counts = campaignCounts({ total: 48, sent: 45, delivered: 45, held: 3 });
    renderWithApp(<CampaignProgressPanel campaign={campaign({ status: 'running', counts, retryHeldBack: true })} live={null} />);
    expect(countOf('Held back by Meta').textContent).toBe('Held back by Meta3');
    expect(countOf('Held back by Meta').className).not.toContain('campaign-count-danger');
    expect(screen.getByText(/error 131049.*They are sent again after 24 hours, then 48 and 96\./)).toBeTruthy();
    cleanup();
    renderWithApp(<CampaignProgressPanel campaign={campaign({ counts })} live={null} />);
    expect(screen.getByText(/error 131049.*The campaign does not send them again\./)).toBeTruthy();
  });

  it('calls what a cancelled campaign never sent “Not sent”, not waiting', () => {
    const counts = campaignCounts({ total: 10, pending: 7, sent: 3 });
    renderWithApp(<CampaignProgressPanel campaign={campaign({ status: 'running', counts })} live={null} />);
    expect(countOf('Waiting').textContent).toBe('Waiting7');
    cleanup();
    renderWithApp(<CampaignProgressPanel campaign={campaign({ status: 'cancelled', counts })} live={null} />);
    expect(countOf('Not sent').textContent).toBe('Not sent7');
    expect(screen.queryByText('Waiting')).toBeNull();
  });
});

describe('CampaignSummary', () => {
  const fact = (term: string) => screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent;

  it('still says when a campaign started on schedule was scheduled for', () => {
    renderWithApp(<CampaignSummary campaign={campaign({ scheduleTime: '2026-05-01T09:00:00.000Z' })} />);
    expect(fact('Scheduled')).toBe('2026-05-01 09:00 (UTC)');
    expect(fact('Started')).toBe('2026-05-01 09:00');
  });

  it('says whether recipients Meta holds back are sent again', () => {
    renderWithApp(<CampaignSummary campaign={campaign({ retryHeldBack: true })} />);
    expect(fact('Recipients Meta holds back')).toBe('Sent again after 24 hours, then 48 and 96');
    cleanup();
    renderWithApp(<CampaignSummary campaign={campaign({ retryHeldBack: false })} />);
    expect(fact('Recipients Meta holds back')).toBe('Not sent again');
  });

  it('says “Not scheduled” only about a campaign that has not started', () => {
    renderWithApp(<CampaignSummary campaign={campaign({ scheduleTime: null })} />);
    expect(fact('Scheduled')).toBeUndefined();
    cleanup();
    renderWithApp(<CampaignSummary campaign={campaign({ status: 'draft', startedAt: null, completedAt: null, actions: ['start'] })} />);
    expect(fact('Scheduled')).toBe('Not scheduled');
  });
});

describe('recipientStateLabel', () => {
  it('names each state as the badge and the filter show it, held back by Meta included', () => {
    expect(recipientStateLabel('held')).toBe('Held back by Meta');
    expect(recipientStateLabel('skipped')).toBe('Skipped');
    expect(recipientStateLabel('unknown')).toBe('Unknown');
  });
});
