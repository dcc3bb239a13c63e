import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFields } from './date-range-fields';

afterEach(cleanup);

describe('DateRangeFields', () => {
  it('bounds each date by the other and reports which end changed', () => {
    const onChange = vi.fn();
    render(<DateRangeFields range={{ startDate: '2025-03-01', endDate: '2025-03-30' }} onChange={onChange} />);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    const end = screen.getByLabelText('End date') as HTMLInputElement;
    expect(start.max).toBe('2025-03-30');
    expect(end.min).toBe('2025-03-01');
    fireEvent.change(start, { target: { value: '2025-02-14' } });
    fireEvent.change(end, { target: { value: '2025-04-02' } });
    expect(onChange.mock.calls).toEqual([[{ startDate: '2025-02-14' }], [{ endDate: '2025-04-02' }]]);
  });

  it('leaves a date unbounded while the other is empty', () => {
    render(<DateRangeFields range={{ startDate: '', endDate: '' }} onChange={() => {}} />);
    expect((screen.getByLabelText('Start date') as HTMLInputElement).hasAttribute('max')).toBe(false);
    expect((screen.getByLabelText('End date') as HTMLInputElement).hasAttribute('min')).toBe(false);
  });
});
