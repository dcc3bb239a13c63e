import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

afterEach(cleanup);

/** The list, then the builder with unsaved changes, as the browser's history holds them after opening a flow. */
function openBuilder(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/bot-flows', element: <p>Flow list</p> },
      { path: '/bot-flows/7', element: <UnsavedChangesGuard when={dirty} /> },
    ],
    { initialEntries: ['/bot-flows', '/bot-flows/7'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UnsavedChangesGuard', () => {
  it('asks before the Back button leaves unsaved changes, and stays or leaves as answered', async () => {
    const router = openBuilder(true);
    await act(() => router.navigate(-1));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this flow' }));
    expect(router.state.location.pathname).toBe('/bot-flows/7');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(() => router.navigate(-1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(router.state.location.pathname).toBe('/bot-flows');
    expect(screen.getByText('Flow list')).toBeTruthy();
  });

  it('lets Back through at once when everything is saved', async () => {
    const router = openBuilder(false);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/bot-flows');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
