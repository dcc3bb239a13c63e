import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { appSettingsQueryKey } from '../api/get-app-settings';
import { AllowedHostsForm } from './allowed-hosts-form';

afterEach(cleanup);

describe('AllowedHostsForm', () => {
  it('edits the hosts bot flows may call, apart from the webhooks’ own list', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    const settings = { ...appSettingDefaults, 'flows.allowed_hosts': ['erp.internal:8443'], 'webhooks.allowed_hosts': ['crm.internal'] };
    client.setQueryData(appSettingsQueryKey, { settings });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <AllowedHostsForm settingKey="flows.allowed_hosts" name="Bot flow allowed hosts" reach="bot flows' HTTP actions may call" />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const form = screen.getByRole('form', { name: 'Bot flow allowed hosts' });
    const hosts = within(form).getByLabelText('Allowed private hosts') as HTMLTextAreaElement;
    expect(hosts.value).toBe('erp.internal:8443');
    expect(form.textContent).toContain("bot flows' HTTP actions may call");

    fireEvent.change(hosts, { target: { value: 'erp.internal:8443\nnot a host' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save allowed hosts' }));
    expect(hosts.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(/^Allowed hosts are written/)).toBeTruthy();
  });
});
