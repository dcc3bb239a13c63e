import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { OutboundDelivery, OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { ToastProvider } from '../../../../ui/toasts';
import { appSettingsQueryKey } from '../../api/get-app-settings';
import type { OutboundDeliveryList } from '../../api/outbound-deliveries';
import { outboundWebhookKeys, outboundWebhooksQueryKey } from '../../api/outbound-webhook-query-keys';
import { DELIVERIES_PAGE_SIZE } from './deliveries-modal';
import { OutboundWebhooksSection } from './outbound-webhooks-section';

afterEach(cleanup);

const webhook = (patch: Partial<OutboundWebhook> = {}): OutboundWebhook => ({
  id: 1,
  url: 'https://shop.example.com/hooks/whatsapp',
  events: ['message.received', 'campaign.finished'],
  description: 'Shop back office',
  active: true,
  createdAt: '2026-05-01T10:00:00.000Z',
  failedLastDay: 0,
  lastDelivery: { at: '2026-05-10T11:00:00.000Z', ok: true, statusCode: 200 },
  ...patch,
});

const delivery = (patch: Partial<OutboundDelivery>): OutboundDelivery => ({
  id: 1,
  event: 'message.received',
  state: 'delivered',
  attempts: 1,
  createdAt: '2026-05-10T11:00:00.000Z',
  lastAttemptAt: '2026-05-10T11:00:00.000Z',
  nextAttemptAt: null,
  statusCode: 200,
  response: 'ok',
  durationMs: 42,
  ...patch,
});

/** The queries are seeded in the cache and never fetched, so the section never calls the server here. */
function renderSection(webhooks: OutboundWebhook[], deliveries?: OutboundDeliveryList, allowedHosts: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryDefaults(outboundWebhooksQueryKey, { enabled: false });
  client.setQueryData(appSettingsQueryKey, { settings: { ...appSettingDefaults, 'webhooks.allowed_hosts': allowedHosts } });
  client.setQueryData(outboundWebhookKeys.list, { webhooks });
  if (deliveries) client.setQueryData(outboundWebhookKeys.deliveries(1, { page: 1, limit: DELIVERIES_PAGE_SIZE }), deliveries);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OutboundWebhooksSection />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('OutboundWebhooksSection', () => {
  it('invites to add a first webhook when there is none', () => {
    renderSection([]);
    expect(screen.getByText(/No outbound webhooks yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeTruthy();
  });

  it('shows each subscription: URL, events, whether active, the last delivery and the failures of the last day', () => {
    renderSection([
      webhook(),
      webhook({
        id: 2,
        url: 'https://crm.example.com/in',
        events: ['message.status'],
        description: '',
        active: false,
        failedLastDay: 3,
        lastDelivery: { at: '2026-05-10T11:00:00.000Z', ok: false, statusCode: 503 },
      }),
    ]);
    const shop = screen.getByRole('listitem', { name: 'https://shop.example.com/hooks/whatsapp' });
    expect(within(shop).getByText('Active')).toBeTruthy();
    expect(within(shop).getByText('Shop back office')).toBeTruthy();
    expect(within(shop).getByText('Message received, Campaign finished')).toBeTruthy();
    expect(within(shop).getByText('Delivered, HTTP 200')).toBeTruthy();
    expect(within(shop).getByText('0')).toBeTruthy();
    for (const action of ['Send test event', 'Delivery log', 'Edit', 'Rotate secret', 'Delete']) {
      expect(within(shop).getByRole('button', { name: action })).toBeTruthy();
    }
    const crm = screen.getByRole('listitem', { name: 'https://crm.example.com/in' });
    expect(within(crm).getByText('Paused')).toBeTruthy();
    expect(within(crm).getByText('Message status (sent, delivered, read, failed)')).toBeTruthy();
    expect(within(crm).getByText('Failed, HTTP 503').className).toContain('text-danger');
    expect(within(crm).getByText('3').className).toContain('text-danger');
  });

  it('asks for a URL and at least one event before adding a webhook', async () => {
    renderSection([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add outbound webhook' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('url is required')).toBeTruthy();
    expect(within(dialog).getByText('events must name at least one event')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'ftp://shop.example.com' } });
    fireEvent.click(within(dialog).getByLabelText('Message received'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('url must be an http(s) URL')).toBeTruthy();
    expect(within(dialog).queryByText('events must name at least one event')).toBeNull();
    expect((within(dialog).getByLabelText('Active: events are sent') as HTMLInputElement).checked).toBe(true);
  });

  it('fills in the subscription being edited', async () => {
    renderSection([webhook()]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit outbound webhook' });
    expect((within(dialog).getByLabelText('URL') as HTMLInputElement).value).toBe('https://shop.example.com/hooks/whatsapp');
    expect((within(dialog).getByLabelText('Campaign finished') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Message received') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Conversation handed to an agent') as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByLabelText('Description') as HTMLInputElement).value).toBe('Shop back office');
  });

  it('shows the delivery log with each attempt and the answer, and offers a retry for failed deliveries only', async () => {
    const longAnswer = `<html><body>${'Service unavailable '.repeat(20)}</body></html>`;
    renderSection([webhook()], {
      deliveries: [
        delivery({ id: 11, event: 'message.status' }),
        delivery({ id: 12, state: 'failed', attempts: 9, statusCode: 503, response: longAnswer }),
        delivery({
          id: 13,
          state: 'pending',
          attempts: 2,
          statusCode: null,
          response: 'connect ECONNREFUSED',
          nextAttemptAt: '2026-05-10T11:30:00.000Z',
        }),
      ],
      pagination: { page: 1, limit: DELIVERIES_PAGE_SIZE, total: 3, totalPages: 1 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery log' });
    const [delivered, failed, pending] = within(dialog).getAllByRole('row').slice(1);
    expect(within(delivered!).getByText('Delivered')).toBeTruthy();
    expect(within(delivered!).getByText('message.status')).toBeTruthy();
    expect(within(delivered!).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(failed!).getByText('Failed')).toBeTruthy();
    expect(within(failed!).getByText('9')).toBeTruthy();
    expect(within(failed!).getByText('503')).toBeTruthy();
    const answer = within(failed!).getByText(/^<html><body>Service unavailable/);
    expect(answer.textContent?.endsWith('…')).toBe(true);
    expect(answer.getAttribute('title')).toBe(longAnswer);
    expect(within(failed!).getByRole('button', { name: 'Retry delivery 12' })).toBeTruthy();
    expect(within(pending!).getByText('Pending')).toBeTruthy();
    expect(within(pending!).getByText('connect ECONNREFUSED')).toBeTruthy();
    expect(within(pending!).getByText('2026-05-10 11:30')).toBeTruthy();
  });

  it('lists the private hosts webhooks may post to, one per line, and refuses one that is not a host', () => {
    renderSection([], undefined, ['crm.internal', '10.0.0.5:8080']);
    const hosts = screen.getByLabelText('Allowed private hosts') as HTMLTextAreaElement;
    expect(hosts.value).toBe('crm.internal\n10.0.0.5:8080');
    const save = screen.getByRole('button', { name: 'Save allowed hosts' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(hosts, { target: { value: 'crm.internal\nhttp://bad host/' } });
    fireEvent.click(save);
    expect(hosts.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Webhook allowed hosts are written api.example.com/)).toBeTruthy();
  });

  it('says the plan lacks API access, in the section, instead of opening the upgrade dialog on the settings page', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryDefaults(outboundWebhooksQueryKey, { enabled: false });
    const refused = new ApiError('API access is not available on the Basic plan', 403, 'FEATURE_NOT_AVAILABLE', null);
    await client.prefetchQuery({ queryKey: outboundWebhookKeys.list, queryFn: () => Promise.reject(refused) });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <OutboundWebhooksSection />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('note').textContent).toBe(
      'API access is not available on the Basic plan. Outbound webhooks come with API access: see the licence above.',
    );
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
  });
});
