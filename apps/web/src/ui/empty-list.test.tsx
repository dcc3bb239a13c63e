import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyList } from './empty-list';

afterEach(cleanup);

describe('EmptyList', () => {
  it('says the filters hid every row and clears them', () => {
    const onClearFilters = vi.fn();
    render(
      <EmptyList filtered what="notes" onClearFilters={onClearFilters}>
        <p>No notes yet.</p>
      </EmptyList>,
    );
    expect(screen.getByText('No notes match these filters.')).toBeTruthy();
    expect(screen.queryByText('No notes yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalledTimes(1);
  });

  it('says what it was told when nothing is filtered', () => {
    render(
      <EmptyList filtered={false} what="notes" onClearFilters={() => {}}>
        <p>No notes yet.</p>
      </EmptyList>,
    );
    expect(screen.getByText('No notes yet.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
