import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { type EmailTemplate, emailTemplatesQueryKey } from '../api/list-email-templates';
import { EmailTemplatesSection } from './email-templates-section';

afterEach(cleanup);

const templates: EmailTemplate[] = [
  { name: 'password_reset', subject: 'Reset', text: 'Open {{link}}', variables: ['link'] },
  { name: 'email_verification', subject: 'Verify', text: 'Open {{link}}', variables: ['link'] },
  { name: 'test', subject: 'Test', text: 'Hello', variables: [] },
];

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(emailTemplatesQueryKey, templates);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <EmailTemplatesSection />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('EmailTemplatesSection', () => {
  it('shows the chosen template in a tab panel named by its tab, with the form inside rather than as the panel', () => {
    renderSection();
    fireEvent.click(screen.getByRole('tab', { name: 'Email verification' }));
    const tab = screen.getByRole('tab', { name: 'Email verification' });
    const panel = screen.getByRole('tabpanel', { name: 'Email verification' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.tagName).toBe('DIV');
    expect((within(panel).getByLabelText('Subject') as HTMLInputElement).value).toBe('Verify');
    expect(within(panel).getByRole('form', { name: 'Email verification template' })).toBeTruthy();
  });
});
