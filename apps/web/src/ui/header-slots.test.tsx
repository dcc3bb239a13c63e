import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeaderActions, HeaderSearch, HeaderSlotsProvider } from './header-slots';

afterEach(cleanup);

function Page() {
  const [query, setQuery] = useState('');
  return (
    <>
      <HeaderSearch value={query} onChange={setQuery} label="Search users" />
      <HeaderActions>
        <button type="button">New user</button>
      </HeaderActions>
      <p>Showing {query || 'everyone'}</p>
    </>
  );
}

describe('header slots', () => {
  it("puts a page's search box and actions in the header, wired to the page", () => {
    const search = document.createElement('div');
    const actions = document.createElement('div');
    document.body.append(search, actions);
    render(
      <HeaderSlotsProvider slots={{ search, actions }}>
        <Page />
      </HeaderSlotsProvider>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement;
    expect(search.contains(box)).toBe(true);
    expect(box.placeholder).toBe('Search...');
    expect(actions.contains(screen.getByRole('button', { name: 'New user' }))).toBe(true);
    fireEvent.change(box, { target: { value: 'amy' } });
    expect(screen.getByText('Showing amy')).toBeTruthy();
    search.remove();
    actions.remove();
  });

  it('renders nothing outside the shell', () => {
    render(<Page />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New user' })).toBeNull();
  });
});
