import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../lib/app-settings';
import { presetRange, todayIn } from './dashboard-range';
import { RangeControls } from './range-controls';
import { useDashboardRange } from './use-dashboard-range';

const zone = 'Asia/Kathmandu';

function Board() {
  const { range, changeRange, today, problem } = useDashboardRange();
  return (
    <>
      <RangeControls range={range} today={today} problem={problem} onChange={changeRange} />
      <output data-testid="address">{useLocation().search}</output>
    </>
  );
}

function renderAt(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(publicSettingsQueryKey, { settings: { ...appSettingDefaults, 'app.timezone': zone } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/admin/dashboard/overview${search}`]}>
        <Board />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(cleanup);

describe('RangeControls with useDashboardRange', () => {
  it('opens on the range the address names, as custom dates', () => {
    renderAt('?from=2026-01-05&to=2026-02-01&interval=week');
    expect(input('Start date').value).toBe('2026-01-05');
    expect(input('End date').value).toBe('2026-02-01');
    expect(select('Interval').value).toBe('week');
    expect(select('Range').selectedOptions[0]?.textContent).toBe('Custom dates');
  });

  it("opens on the last 30 days by day in the app's timezone when the address names none", () => {
    renderAt('');
    const expected = presetRange('last-30-days', todayIn(new Date(), zone));
    expect(input('Start date').value).toBe(expected.startDate);
    expect(input('End date').value).toBe(expected.endDate);
    expect(select('Range').selectedOptions[0]?.textContent).toBe('Last 30 days');
  });

  it('writes a preset, a date and an interval into the address', () => {
    renderAt('?from=2026-01-05&to=2026-02-01&interval=week');
    fireEvent.change(select('Range'), { target: { value: 'last-12-months' } });
    const expected = presetRange('last-12-months', todayIn(new Date(), zone));
    expect(Object.fromEntries(address())).toEqual({ from: expected.startDate, to: expected.endDate, interval: 'month' });
    expect(select('Range').selectedOptions[0]?.textContent).toBe('Last 12 months');

    fireEvent.change(input('Start date'), { target: { value: '2026-01-01' } });
    fireEvent.change(select('Interval'), { target: { value: 'week' } });
    expect(Object.fromEntries(address())).toEqual({ from: '2026-01-01', to: expected.endDate, interval: 'week' });
  });

  it('says why a range cannot be asked for', () => {
    renderAt('?from=2026-01-01&to=2026-06-30&interval=hour');
    expect(screen.getByRole('alert').textContent).toBe('These dates make more than 2000 points by hour: choose a longer interval.');
  });
});
