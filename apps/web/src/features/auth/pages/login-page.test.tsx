import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { AuthProvider } from '../../../lib/auth-context';
import { rememberSessionExpired } from '../../../lib/session-storage';
import { LoginPage } from './login-page';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// No stored token, so the auth provider settles on signed-out without calling the server.
function renderLogin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(publicSettingsQueryKey, { settings: appSettingDefaults });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('LoginPage', () => {
  it('names each blank field with the spec texts', () => {
    renderLogin();
    signIn();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('treats a username of spaces as blank, and clears a message once the field is typed in', () => {
    renderLogin();
    type('Username', '   ');
    type('Password', 'secret');
    signIn();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    type('Username', 'amy');
    expect(screen.queryByText('Username is required')).toBeNull();
  });

  it('is the main landmark of the page, which has no shell around it', () => {
    renderLogin();
    expect(screen.getByRole('main').contains(screen.getByRole('heading', { name: 'Sign in' }))).toBe(true);
  });

  it('has remember me, the forgot-password link and a password show/hide toggle', () => {
    renderLogin();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    const password = screen.getByLabelText('Password', { exact: true }) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });

  it("shows 'Session expired' once after the 401 reload, in a dismissible box", () => {
    rememberSessionExpired('Session expired');
    renderLogin();
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('Session expired');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderLogin();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
