import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { appSettingsQueryKey } from '../api/get-app-settings';
import { BusinessHoursForm } from './business-hours-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(appSettingsQueryKey, { settings: { ...appSettingDefaults, 'app.timezone': 'Asia/Kolkata' } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <BusinessHoursForm />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('form', { name: 'Business hours' }));
}

const input = (form: ReturnType<typeof renderForm>, label: string) => form.getByLabelText(label) as HTMLInputElement;

describe('BusinessHoursForm', () => {
  it('shows the saved schedule: off, weekdays 09:00-17:00, the weekend closed, in the app’s timezone', () => {
    const form = renderForm();
    const toggle = form.getByRole('switch', { name: 'Read response times within business hours too' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(form.getByText(/app's timezone \(Asia\/Kolkata\)/)).toBeTruthy();
    expect(input(form, 'Monday').checked).toBe(true);
    expect(input(form, 'Monday opens').value).toBe('09:00');
    expect(input(form, 'Friday closes').value).toBe('17:00');
    expect(input(form, 'Sunday').checked).toBe(false);
    expect(input(form, 'Sunday opens').disabled).toBe(true);
    expect((form.getByRole('button', { name: 'Save business hours' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the schema’s message under the day at fault and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const form = renderForm();
    fireEvent.change(input(form, 'Tuesday opens'), { target: { value: '18:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Save business hours' }));
    expect(form.getByText('Tuesday must close after it opens')).toBeTruthy();
    expect(input(form, 'Tuesday closes').getAttribute('aria-invalid')).toBe('true');
    expect(input(form, 'Monday closes').getAttribute('aria-invalid')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
    // Fixing the day clears its message.
    fireEvent.change(input(form, 'Tuesday opens'), { target: { value: '08:00' } });
    expect(form.queryByText('Tuesday must close after it opens')).toBeNull();
  });

  it('saves the switch and each day, closed days as null, through the settings API', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => new Response(init?.body as string, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = renderForm();
    fireEvent.click(form.getByRole('switch'));
    fireEvent.click(input(form, 'Friday'));
    fireEvent.click(input(form, 'Saturday'));
    fireEvent.change(input(form, 'Saturday opens'), { target: { value: '10:00' } });
    fireEvent.change(input(form, 'Saturday closes'), { target: { value: '14:30' } });
    fireEvent.click(form.getByRole('button', { name: 'Save business hours' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/app/settings');
    expect(init?.method).toBe('PUT');
    const weekday = { start: '09:00', end: '17:00' };
    expect(JSON.parse(init?.body as string)).toEqual({
      settings: {
        'analytics.businessHours': {
          enabled: true,
          days: [null, weekday, weekday, weekday, weekday, null, { start: '10:00', end: '14:30' }],
        },
      },
    });
  });
});
