import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@wac/contract/auth';
import type { ChannelStatus } from '@wac/contract/whatsapp-channel';
import type { SandboxConversation, SandboxCustomer, SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../lib/auth-context';
import { channelStatusQueryKey } from '../../../lib/channel-status';
import { simulatorQueryKey } from '../api/simulator-query-keys';
import { SimulatorPage } from './simulator-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const question: SandboxMessage = {
  id: 2,
  wamid: 'wamid.question',
  direction: 'to_customer',
  type: 'interactive',
  text: 'Is the address right?',
  media: null,
  interactive: {
    kind: 'buttons',
    buttons: [
      { id: 'ok', title: 'Yes' },
      { id: 'change', title: 'Change it' },
    ],
  },
  reply: null,
  reaction: null,
  location: null,
  template: null,
  contextId: null,
  businessNumberId: '100000000000001',
  status: 'read',
  error: null,
  timestamp: '2025-01-01T10:00:00.000Z',
};
const hello: SandboxMessage = {
  ...question,
  id: 1,
  wamid: 'wamid.hello',
  direction: 'from_customer',
  type: 'text',
  interactive: null,
  text: 'Hi there',
  status: 'delivered',
};

const sandboxNumbers = [
  { phoneNumberId: '100000000000001', displayPhoneNumber: '15550100001' },
  { phoneNumberId: '100000000000002', displayPhoneNumber: '15550100002' },
];

function renderPage(
  mode: ChannelStatus['mode'],
  role: User['role'] = 'agent',
  customers: SandboxCustomer[] = [],
  seed?: (client: QueryClient) => void,
) {
  const user: User = { id: 1, username: 'amy', email: null, role, emailVerified: false, createdAt: '2025-01-01T00:00:00Z' };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(channelStatusQueryKey, { mode, phoneNumberId: '100000000000001', apiVersion: 'v21.0' });
  client.setQueryData([...simulatorQueryKey, 'customers'], { customers });
  const conversation: SandboxConversation = {
    phone: '447700900123',
    name: 'Priya',
    bsuid: 'GB.3216455270',
    username: null,
    hidesNumber: false,
    businessTyping: false,
    messages: [hello, question],
  };
  client.setQueryData([...simulatorQueryKey, 'conversation', '447700900123'], conversation);
  seed?.(client);
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider
        value={{ status: 'signed-in', user, token: 't', login: async () => user, logout: async () => {}, updateUser: () => {} }}
      >
        <SimulatorPage />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('SimulatorPage', () => {
  it('says it needs the sandbox when the console is live', () => {
    renderPage('live');
    expect(screen.getByText('The simulator works only while the console uses the built-in sandbox.')).toBeTruthy();
    expect(screen.queryByLabelText('Customer message')).toBeNull();
  });

  it('waits for a number in international format before the customer can write', () => {
    renderPage('sandbox');
    const message = screen.getByLabelText('Customer message') as HTMLInputElement;
    expect(message.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Customer phone'), { target: { value: 'call me' } });
    expect(screen.getByText(/international format, e\.g\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send file as customer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens the remembered customer's chat, with the business's reply buttons to tap", () => {
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+44 7700 900123', name: 'Priya' }));
    renderPage('sandbox');
    const phone = screen.getByRole('list', { name: "Messages on the customer's phone" });
    expect(within(phone).getByText('Hi there')).toBeTruthy();
    expect(within(phone).getByRole('img', { name: 'Delivered' }).textContent).toBe('✓✓');
    expect(within(phone).getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(within(phone).getByRole('button', { name: 'Change it' })).toBeTruthy();
    expect((screen.getByLabelText('Customer message') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Fail next send' })).toBeNull();
  });

  it('lets the customer hide their number only behind a valid username, and says so on the phone', () => {
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+44 7700 900123', name: 'Priya' }));
    renderPage('sandbox');
    const hide = screen.getByRole('checkbox', { name: 'Hide my number from the business' }) as HTMLInputElement;
    expect(hide.disabled).toBe(true);
    expect(hide.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(hide.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/sees only the username/);

    const username = screen.getByLabelText('Username') as HTMLInputElement;
    fireEvent.change(username, { target: { value: 'p' } });
    expect(screen.getByText('username must be 3 to 35 letters, digits, dots or underscores')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Customer message') as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(username, { target: { value: 'priya.s' } });
    expect((screen.getByLabelText('Customer message') as HTMLInputElement).disabled).toBe(false);
    expect(hide.disabled).toBe(false);
    fireEvent.click(hide);
    const header = screen.getByRole('region', { name: "Customer's phone" });
    expect(within(header).getByText('Chatting as Priya (@priya.s, number hidden)')).toBeTruthy();

    // Without the username the box cannot stay ticked.
    fireEvent.change(username, { target: { value: '' } });
    expect(hide.checked).toBe(false);
    expect(hide.disabled).toBe(true);
    expect(within(header).getByText('Chatting as Priya')).toBeTruthy();
  });

  it('lists recent customers with their username and hidden number, and picking one plays them as they were', () => {
    const ann: SandboxCustomer = {
      phone: '447700900871',
      name: 'Ann',
      bsuid: 'GB.1234567890',
      username: 'ann.b',
      hidesNumber: true,
      lastActivityAt: new Date().toISOString(),
      messages: 1,
    };
    renderPage('sandbox', 'agent', [ann]);
    const recent = screen.getByRole('navigation', { name: 'Recent customers' });
    const pick = within(recent).getByRole('button', { name: /Ann/ });
    expect(pick.textContent).toMatch(/\+447700900871 · @ann\.b · number hidden · /);
    fireEvent.click(pick);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ann.b');
    expect((screen.getByRole('checkbox', { name: 'Hide my number from the business' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Chatting as Ann (@ann.b, number hidden)')).toBeTruthy();
  });

  it('gives admins the fail-next control', () => {
    renderPage('sandbox', 'admin');
    expect(screen.getByRole('button', { name: 'Fail next send' })).toBeTruthy();
    expect((screen.getByLabelText('Error code') as HTMLSelectElement).value).toBe('131026');
  });

  it('writes to the business number chosen, remembered with the customer, and shows the chat with that number', () => {
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+44 7700 900123', name: 'Priya', number: '100000000000002' }));
    const onSecond: SandboxConversation = {
      phone: '447700900123',
      name: 'Priya',
      bsuid: 'GB.3216455270',
      username: null,
      hidesNumber: false,
      businessTyping: false,
      messages: [{ ...hello, id: 5, wamid: 'wamid.sales', text: 'Hello sales', businessNumberId: '100000000000002' }],
    };
    renderPage('sandbox', 'agent', [], (client) => {
      client.setQueryData(['sandbox', 'numbers'], { numbers: sandboxNumbers });
      client.setQueryData([...simulatorQueryKey, 'conversation', '447700900123', '100000000000002'], onSecond);
    });
    const writeTo = screen.getByLabelText('Write to') as HTMLSelectElement;
    expect([...writeTo.options].map((o) => o.textContent)).toEqual(['+15550100001', '+15550100002']);
    expect(writeTo.value).toBe('100000000000002');
    const phone = screen.getByRole('list', { name: "Messages on the customer's phone" });
    expect(within(phone).getByText('Hello sales')).toBeTruthy();
    expect(within(phone).queryByText('Hi there')).toBeNull();

    fireEvent.change(writeTo, { target: { value: '100000000000001' } });
    expect(within(screen.getByRole('list', { name: "Messages on the customer's phone" })).getByText('Hi there')).toBeTruthy();
  });

  it('shows “typing…” under the business name while an agent types, in a polite live region that stays in the page', () => {
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+44 7700 900123', name: 'Priya' }));
    renderPage('sandbox');
    const header = screen.getByRole('region', { name: "Customer's phone" }).querySelector('header') as HTMLElement;
    const live = header.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live.textContent).toBe('');
    cleanup();
    renderPage('sandbox', 'agent', [], (client) =>
      client.setQueryData([...simulatorQueryKey, 'conversation', '447700900123'], (c: SandboxConversation) => ({
        ...c,
        businessTyping: true,
      })),
    );
    const typing = within(screen.getByRole('region', { name: "Customer's phone" })).getByText('typing…');
    expect(typing.getAttribute('aria-live')).toBe('polite');
  });

  it('lets the customer stop and resume marketing messages from the business number they write to, and confirms it', async () => {
    localStorage.setItem('simulatorCustomer', JSON.stringify({ phone: '+44 7700 900123', name: 'Priya', number: '100000000000002' }));
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input !== '/sandbox/control/user-preferences') return new Response(JSON.stringify({ error: 'Not here' }), { status: 404 });
        posted.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ webhookStatus: 200 }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderPage('sandbox', 'admin', [], (client) => client.setQueryData(['sandbox', 'numbers'], { numbers: sandboxNumbers }));
    const marketing = screen.getByRole('group', { name: 'Marketing messages' });
    fireEvent.click(within(marketing).getByRole('button', { name: 'Stop marketing messages' }));
    await waitFor(() =>
      expect(within(marketing).getByRole('status').textContent).toBe('Marketing messages stopped: the business was told.'),
    );
    expect(posted).toEqual([{ from: '447700900123', to: '100000000000002', value: 'stop' }]);
    fireEvent.click(within(marketing).getByRole('button', { name: 'Resume marketing messages' }));
    await waitFor(() =>
      expect(within(marketing).getByRole('status').textContent).toBe('Marketing messages resumed: the business was told.'),
    );
    expect(posted[1]).toEqual({ from: '447700900123', to: '100000000000002', value: 'resume' });
  });

  it('offers the marketing buttons only once the customer has a valid number', () => {
    renderPage('sandbox');
    const stop = () => screen.getByRole('button', { name: 'Stop marketing messages' }) as HTMLButtonElement;
    expect(stop().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Customer phone'), { target: { value: '+44 7700 900123' } });
    expect(stop().disabled).toBe(false);
  });
});
