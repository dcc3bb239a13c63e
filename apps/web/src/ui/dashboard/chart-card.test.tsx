import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ChartCard } from './chart-card';
import { type ChartSpec, chartColors } from './dashboard-table';

interface Day {
  day: string;
  inbound: number;
  outbound: number;
}

const chart: ChartSpec<Day> = {
  categoryHeading: 'Day',
  category: (d) => d.day,
  series: [
    { label: 'Received', value: (d) => d.inbound, color: chartColors.blue },
    { label: 'Sent', value: (d) => d.outbound, color: chartColors.green },
  ],
};
const days: Day[] = [
  { day: '1 Mar', inbound: 1200, outbound: 3 },
  { day: '2 Mar', inbound: 0, outbound: 7 },
];
const loaded = { isPending: false, isError: false, error: null, refetch: () => {} };

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

function renderCard(props: Partial<Parameters<typeof ChartCard<Day>>[0]> = {}) {
  return render(
    <MemoryRouter initialEntries={['/board']}>
      <Routes>
        <Route
          path="/board"
          element={
            <ChartCard
              title="Messages"
              query={loaded}
              rows={days}
              chart={chart}
              empty="No messages in these dates."
              filename="messages.csv"
              drillDown={(d) => `/reports/conversations?day=${encodeURIComponent(d.day)}`}
              {...props}
            />
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChartCard', () => {
  it('shows a skeleton while loading, then the chart, without a table until asked', async () => {
    const { rerender } = renderCard({ rows: undefined, query: { ...loaded, isPending: true } });
    expect(screen.getByRole('status', { name: 'Loading Messages' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    rerender(
      <MemoryRouter>
        <ChartCard title="Messages" query={loaded} rows={days} chart={chart} empty="None." filename="m.csv" />
      </MemoryRouter>,
    );
    // The chart is a lazy chunk (Recharts): its first import can take seconds on a busy machine.
    await waitFor(() => expect(document.querySelector('.dashboard-chart')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('renders the same data as an accessible table with "Show table", rows linking to the conversations behind them', async () => {
    renderCard();
    const toggle = screen.getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table', { name: 'Messages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Received', 'Sent']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['1 Mar', '1,200', '3'],
      ['2 Mar', '0', '7'],
    ]);
    fireEvent.click(within(table).getByRole('link', { name: '2 Mar' }));
    expect(screen.getByTestId('where').textContent).toBe('/reports/conversations?day=2%20Mar');
  });

  it('exports exactly the table as CSV under the given name', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('messages.csv');
    });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const bytes = new Uint8Array((await saved[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF"Day","Received","Sent"\r\n"1 Mar",1200,3\r\n"2 Mar",0,7\r\n',
    );
  });

  it('says so when there is nothing to draw, and offers no export', () => {
    renderCard({ rows: [{ day: '1 Mar', inbound: 0, outbound: 0 }] });
    expect(screen.getByText('No messages in these dates.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows a failed request with a way to try again', () => {
    const refetch = vi.fn();
    renderCard({
      rows: undefined,
      query: {
        isPending: false,
        isError: true,
        error: new ApiError('Analytics are not in your plan', 403, 'FEATURE_NOT_AVAILABLE', null),
        refetch,
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Analytics are not in your plan');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
