import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type AppSettings, appSettingDefaults, DEFAULT_OPT_OUT_CONFIRMATION } from '@wac/contract/app-settings-defaults';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { AppSettingsForm } from './app-settings-section';

afterEach(cleanup);

function renderForm(saved: AppSettings = { ...appSettingDefaults }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AppSettingsForm saved={saved} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const save = () => screen.getByRole('button', { name: 'Save app settings' }) as HTMLButtonElement;

describe('AppSettingsForm', () => {
  it('shows the 17 settings with their saved values, and nothing to save yet', () => {
    renderForm();
    expect((screen.getByLabelText('App name') as HTMLInputElement).value).toBe('WhatsApp Agent Chat');
    expect((screen.getByLabelText('Date format') as HTMLSelectElement).value).toBe('YYYY-MM-DD');
    expect((screen.getByLabelText('Time format') as HTMLSelectElement).value).toBe('24h');
    expect((screen.getByLabelText('Timezone') as HTMLSelectElement).value).toBe('UTC');
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
    expect((screen.getByLabelText('Currency') as HTMLInputElement).value).toBe('USD');
    for (const label of [
      'Description',
      'Logo URL',
      'Favicon URL',
      'App URL',
      'Support email',
      'Terms of service URL',
      'Privacy policy URL',
      'Opt-out keywords',
      'Opt-in keywords',
      'Opt-out confirmation',
      'Opt-in confirmation',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(save().disabled).toBe(true);
  });

  it('puts the contract messages under the fields', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('App name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Terms of service URL'), { target: { value: 'ftp://example.com' } });
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'help' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'xyz' } });
    fireEvent.click(save());
    expect(screen.getByText('App name is required')).toBeTruthy();
    expect(screen.getByText('Terms URL must be an http(s) URL or a path starting with /')).toBeTruthy();
    expect(screen.getByText('Support email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Currency must be an ISO 4217 code such as USD')).toBeTruthy();
  });

  it('previews a date in the chosen formats and can discard changes', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'MMMM DD, YYYY' } });
    fireEvent.change(screen.getByLabelText('Time format'), { target: { value: '12h' } });
    const preview = document.querySelector('.settings-preview') as HTMLElement;
    expect(preview.textContent).toMatch(/[A-Z][a-z]+ \d{2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    expect(save().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((screen.getByLabelText('Date format') as HTMLSelectElement).value).toBe('YYYY-MM-DD');
    expect(save().disabled).toBe(true);
  });

  it('shows the opt-out and opt-in keywords one per line, with what they do, and the confirmation', () => {
    renderForm();
    const optOut = screen.getByLabelText('Opt-out keywords') as HTMLTextAreaElement;
    expect(optOut.tagName).toBe('TEXTAREA');
    expect(optOut.value).toBe('STOP\nSTOP ALL\nUNSUBSCRIBE\nCANCEL\nEND\nQUIT\nOPT OUT\nOPTOUT');
    expect((screen.getByLabelText('Opt-in keywords') as HTMLTextAreaElement).value).toBe('START\nUNSTOP\nSUBSCRIBE');
    const hint = document.getElementById(optOut.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain("they get the confirmation below, never the bot's answer, and campaigns skip them.");
    expect((screen.getByLabelText('Opt-out confirmation') as HTMLInputElement).value).toBe(DEFAULT_OPT_OUT_CONFIRMATION);
    expect(hint?.textContent).toContain('8 of 50');
  });

  it('does not count blank lines or a change of case as a change, but a new word is one', () => {
    renderForm();
    const optIn = screen.getByLabelText('Opt-in keywords');
    fireEvent.change(optIn, { target: { value: 'start\n\nUnstop\nSUBSCRIBE\n' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(optIn, { target: { value: 'start\n\nUnstop\nSUBSCRIBE\nvolver' } });
    expect(save().disabled).toBe(false);
  });

  it('puts a keyword that is too long under its field, tied to it for screen readers', () => {
    renderForm();
    const optOut = screen.getByLabelText('Opt-out keywords');
    fireEvent.change(optOut, { target: { value: `STOP\n${'please stop sending me these'.repeat(2)}` } });
    fireEvent.click(save());
    const message = screen.getByText(/Opt-out keywords must be at most 30 characters each/);
    expect(optOut.getAttribute('aria-invalid')).toBe('true');
    expect(optOut.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    fireEvent.change(optOut, { target: { value: 'STOP' } });
    expect(screen.queryByText(/Opt-out keywords must be at most 30 characters each/)).toBeNull();
  });
});
