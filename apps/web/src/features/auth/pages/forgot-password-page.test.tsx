import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(cleanup);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(publicSettingsQueryKey, { settings: appSettingDefaults });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/forgot-password']}>
        <ForgotPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
const typeEmail = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });

describe('ForgotPasswordPage', () => {
  it('asks for an email when it is blank', () => {
    renderPage();
    send();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it.each(['amy', 'amy@example', 'amy example.com', '@example.com'])("refuses '%s' as not an email address", (value) => {
    renderPage();
    typeEmail(value);
    send();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('clears the message when the email is edited, and links back to sign in', () => {
    renderPage();
    send();
    typeEmail('amy@example.com');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});
