import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { ResetPasswordPage } from './reset-password-page';

afterEach(cleanup);

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(publicSettingsQueryKey, { settings: appSettingDefaults });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ResetPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const submitButton = () => screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ResetPasswordPage', () => {
  it('without a token says so and disables the submit button', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('alert').textContent).toContain('Invalid or missing reset token. Please request a new password reset.');
    expect(submitButton().disabled).toBe(true);
  });

  it('states that the link expires in 1 hour', () => {
    renderPage('/reset-password?token=abc');
    expect(screen.getByText(/expires in 1 hour/)).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
  });

  it('asks for both passwords', () => {
    renderPage('/reset-password?token=abc');
    fireEvent.click(submitButton());
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
  });

  it('refuses a password shorter than 6 characters', () => {
    renderPage('/reset-password?token=abc');
    type('New password', '12345');
    type('Confirm password', '12345');
    fireEvent.click(submitButton());
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  it('refuses passwords that differ', () => {
    renderPage('/reset-password?token=abc');
    type('New password', 'secret1');
    type('Confirm password', 'secret2');
    fireEvent.click(submitButton());
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    type('Confirm password', 'secret1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('gives each password field its own show/hide toggle', () => {
    renderPage('/reset-password?token=abc');
    const confirm = screen.getByLabelText('Confirm password') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm.type).toBe('text');
    expect((screen.getByLabelText('New password') as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect(confirm.type).toBe('password');
  });
});
