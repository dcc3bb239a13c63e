import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@wac/contract/auth';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../lib/auth-context';
import { ToastProvider } from '../../../ui/toasts';
import { ProfilePage } from './profile-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const firstAdmin: User = { id: 1, username: 'admin', email: null, role: 'admin', emailVerified: true, createdAt: '2026-01-01T00:00:00Z' };

function SignedIn({ user }: { user: User }) {
  const [current, setCurrent] = useState(user);
  return (
    <AuthContext.Provider
      value={{ status: 'signed-in', user: current, token: 't', login: async () => current, logout: async () => {}, updateUser: setCurrent }}
    >
      <ToastProvider>
        <ProfilePage />
      </ToastProvider>
    </AuthContext.Provider>
  );
}

/** PUT /api/profile/email as the server answers it; each request's body is recorded. */
function serverAnswering(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(`${init?.method} ${url}`).toBe('PUT /api/profile/email');
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save email' }));
const details = () => screen.getByText('Member since').closest('dl') as HTMLElement;

describe('ProfilePage email', () => {
  it('lets a user with no email set one, then shows it as not verified and says a link was sent', async () => {
    const sent = serverAnswering(200, { user: { ...firstAdmin, email: 'root@example.com', emailVerified: false } });
    render(<SignedIn user={firstAdmin} />);
    expect(within(details()).getByText('Not set')).toBeTruthy();

    fireEvent.change(emailField(), { target: { value: ' Root@Example.com ' } });
    save();

    expect(await screen.findByText('We sent a verification link to root@example.com.')).toBeTruthy();
    expect(sent).toEqual([{ email: 'root@example.com' }]);
    expect(within(details()).getByText('root@example.com')).toBeTruthy();
    expect(within(details()).getByText('Not verified')).toBeTruthy();
  });

  it('checks the address before sending, and puts a refusal from the server under the field', async () => {
    const sent = serverAnswering(409, { error: 'Email is already in use', code: 'CONFLICT' });
    render(<SignedIn user={firstAdmin} />);

    fireEvent.change(emailField(), { target: { value: 'not an address' } });
    save();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(emailField(), { target: { value: 'taken@example.com' } });
    save();
    await waitFor(() => expect(screen.getByText('Email is already in use')).toBeTruthy());
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
  });
});
