import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { User } from '@wac/contract/auth';
import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext } from '../../../lib/auth-context';
import { businessNumber } from '../../../lib/business-numbers.fixture';
import { ToastProvider } from '../../../ui/toasts';
import { conversation } from '../chat-test-fixtures';
import { ThreadHeader } from './thread-header';

afterEach(cleanup);

function show(optedOut: boolean, numbers: BusinessNumber[] = [], phoneNumberId = '100000000000001') {
  const user: User = { id: 1, username: 'amy', email: null, role: 'agent', emailVerified: false, createdAt: '2025-01-01T00:00:00Z' };
  const thread = { ...conversation(1, { phoneNumberId }), optedOut, marketingOptedOut: false };
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider
          value={{ status: 'signed-in', user, token: 't', login: async () => user, logout: async () => {}, updateUser: () => {} }}
        >
          <ToastProvider>
            <ThreadHeader conversation={thread} phone={thread.contact.phone} numbers={numbers} />
          </ToastProvider>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ThreadHeader', () => {
  it('says when the customer opted out, and says nothing of it otherwise', () => {
    show(true);
    expect(screen.getByText('Opted out').getAttribute('title')).toContain('campaigns skip them');
    cleanup();
    show(false);
    expect(screen.queryByText('Opted out')).toBeNull();
  });

  it('says which business number the conversation is on, when there are several', () => {
    const sales = businessNumber({
      id: 2,
      phoneNumberId: '100000000000002',
      displayPhoneNumber: '15550100002',
      name: 'Sales',
      first: false,
    });
    show(false, [businessNumber(), sales], '100000000000002');
    expect(screen.getByText('On Sales (+15550100002)')).toBeTruthy();
    cleanup();
    show(false, [businessNumber()], '100000000000001');
    expect(screen.queryByText(/^On /)).toBeNull();
  });
});
