import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

afterEach(cleanup);

describe('FilterSelect', () => {
  it('offers the option that filters nothing first, then every value', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        label="Filter by colour"
        allLabel="All colours"
        value="red"
        options={[
          { value: 'red', label: 'Red' },
          { value: 'blue', label: 'Blue' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Filter by colour' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['All colours', 'Red', 'Blue']);
    expect(select.value).toBe('red');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith('');
  });
});
