import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { ToastProvider } from '../../../ui/toasts';
import type { ConversationReport } from '../api/get-conversation-report';
import { ConversationReportPage } from './conversation-report-page';

afterEach(cleanup);

const report: ConversationReport = {
  rows: [
    {
      conversationId: 3,
      contact: { id: 30, name: 'Dora Lima', phone: '5511900000031', waId: '5511900000031' },
      messages: 4,
      inbound: 2,
      outbound: 2,
      failed: 0,
      firstMessageAt: '2026-03-04T10:00:00.000Z',
      lastMessageAt: '2026-03-04T10:30:00.000Z',
      sessionState: 'agent',
    },
  ],
  totals: { conversations: 1, messages: 4, inbound: 2, outbound: 2, failed: 0 },
  pagination: { page: 1, limit: 25, total: 1, totalPages: 1 },
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(publicSettingsQueryKey, { settings: appSettingDefaults });
  // The answer for 4 March only: the page shows it only if it asks for the dates its address names.
  client.setQueryData(['reports', 'conversations', { startDate: '2026-03-04', endDate: '2026-03-04', search: '' }, 1, 25], report);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <ConversationReportPage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('ConversationReportPage opened from a dashboard', () => {
  it('reads startDate and endDate from its address, as a drill-down sends them', () => {
    renderAt('/reports/conversations?startDate=2026-03-04&endDate=2026-03-04');
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-03-04');
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('2026-03-04');
    expect(screen.getByText('Dora Lima')).toBeTruthy();
  });

  it('keeps its default range for dates that are not real', () => {
    renderAt('/reports/conversations?startDate=2026-02-30&endDate=soon');
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).not.toBe('2026-02-30');
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
