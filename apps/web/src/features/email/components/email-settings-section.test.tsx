import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { EmailSettings } from '@wac/contract/email';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { SmtpForm } from './email-settings-section';

afterEach(cleanup);

const saved: EmailSettings = {
  enabled: true,
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  allowSelfSigned: false,
  allowUnencrypted: false,
  user: 'mailer',
  from: '',
  hasPassword: true,
  requireVerification: false,
};

function renderForm(settings: EmailSettings) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SmtpForm saved={settings} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const unencrypted = () => screen.getByLabelText(/Allow signing in without TLS/) as HTMLInputElement;
const selfSigned = () => screen.getByLabelText(/Allow a self-signed certificate on the SMTP server/) as HTMLInputElement;

describe('SmtpForm', () => {
  it('shows the self-signed certificate switch off, as saved', () => {
    renderForm(saved);
    expect(selfSigned().checked).toBe(false);
  });

  it('shows it on when an admin allowed a self-signed certificate', () => {
    renderForm({ ...saved, allowSelfSigned: true });
    expect(selfSigned().checked).toBe(true);
  });

  it('shows the opt-out of TLS off, as saved, and on once an admin opted out', () => {
    renderForm(saved);
    expect(unencrypted().checked).toBe(false);
    cleanup();
    renderForm({ ...saved, allowUnencrypted: true });
    expect(unencrypted().checked).toBe(true);
  });
});
