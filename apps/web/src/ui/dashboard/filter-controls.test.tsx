import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type FilterChoice, FilterControls } from './filter-controls';
import { useDashboardFilter } from './use-dashboard-filter';

const choices: FilterChoice[] = [
  {
    name: 'agentId',
    options: [
      { value: '1', label: 'amy' },
      { value: '2', label: 'bruno' },
    ],
  },
  { name: 'phoneNumberId', options: [{ value: '100000000000001', label: '100000000000001' }] },
  { name: 'campaignId', options: [{ value: '4', label: 'Spring sale' }] },
];

function Board() {
  const { filter, changeFilter } = useDashboardFilter(choices.map((c) => c.name));
  return (
    <>
      <FilterControls choices={choices} filter={filter} onChange={changeFilter} />
      <output data-testid="address">{useLocation().search}</output>
    </>
  );
}

function renderAt(search: string) {
  return render(
    <MemoryRouter initialEntries={[`/admin/dashboard/metrics${search}`]}>
      <Board />
    </MemoryRouter>,
  );
}

const address = () => screen.getByTestId('address').textContent;
const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;

afterEach(cleanup);

describe('FilterControls with the filter in the address', () => {
  it('offers each filter as a labelled drop-down, each turned off first', () => {
    renderAt('?from=2026-03-02&to=2026-03-08&interval=day');
    const region = screen.getByRole('region', { name: 'Filter' });
    expect(
      within(region)
        .getAllByRole('combobox')
        .map((s) => (s as HTMLSelectElement).value),
    ).toEqual(['', '', '']);
    expect([...select('Agent').options].map((o) => o.text)).toEqual(['All agents', 'amy', 'bruno']);
    expect([...select('Campaign').options].map((o) => o.text)).toEqual(['All campaigns', 'Spring sale']);
    expect(region.textContent).toContain('One filter at a time: choosing one clears the others.');
  });

  it('writes the chosen agent into the address beside the range, and reads it back', () => {
    renderAt('?from=2026-03-02&to=2026-03-08&interval=day');
    fireEvent.change(select('Agent'), { target: { value: '2' } });
    expect(address()).toBe('?from=2026-03-02&to=2026-03-08&interval=day&agentId=2');
    expect(select('Agent').value).toBe('2');
  });

  it('opens on the filter a shared link names', () => {
    renderAt('?from=2026-03-02&to=2026-03-08&interval=day&campaignId=4');
    expect(select('Campaign').value).toBe('4');
    expect(select('Agent').value).toBe('');
  });

  it('keeps one filter at a time: choosing another clears the first, "All" clears it', () => {
    renderAt('?interval=week&agentId=1');
    fireEvent.change(select('Phone number'), { target: { value: '100000000000001' } });
    expect(address()).toBe('?interval=week&phoneNumberId=100000000000001');
    expect(select('Agent').value).toBe('');
    fireEvent.change(select('Phone number'), { target: { value: '' } });
    expect(address()).toBe('?interval=week');
  });

  it('shows a value the lists no longer hold (an old link) by its id rather than dropping it', () => {
    renderAt('?agentId=9');
    expect(select('Agent').value).toBe('9');
    expect(select('Agent').selectedOptions[0]?.text).toBe('Agent #9');
  });
});
