import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Role, User } from '@wac/contract/auth';
import type { ConversationSummary } from '@wac/contract/chat';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext } from '../../../lib/auth-context';
import { ToastProvider } from '../../../ui/toasts';
import { conversation } from '../chat-test-fixtures';
import { SessionControls } from './session-controls';

afterEach(cleanup);

const heldBy = (userId: number, username: string): ConversationSummary['session'] => ({
  state: 'agent',
  userId,
  username,
  reason: 'agent_takeover',
  changedAt: '2025-06-01T10:00:00Z',
});

function show(role: Role, session: ConversationSummary['session']) {
  const user: User = { id: 1, username: 'amy', email: null, role, emailVerified: false, createdAt: '2025-01-01T00:00:00Z' };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider
        value={{ status: 'signed-in', user, token: 't', login: async () => user, logout: async () => {}, updateUser: () => {} }}
      >
        <ToastProvider>
          <SessionControls conversation={conversation(1, { session })} />
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('SessionControls', () => {
  it('offers an agent only the takeover of a colleague’s conversation, asking first and naming the colleague', () => {
    show('agent', heldBy(3, 'alice'));
    expect(buttons()).toEqual(['Take over']);
    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(screen.getByRole('dialog', { name: 'Take over from alice?' })).toBeTruthy();
  });

  it('lets an admin also give back or end a colleague’s conversation', () => {
    show('admin', heldBy(3, 'alice'));
    expect(buttons()).toEqual(['Take over', 'Return to bot', 'End conversation']);
  });

  it('offers the holder to give back or end, and anyone to take over from the bot without asking', () => {
    show('agent', heldBy(1, 'amy'));
    expect(buttons()).toEqual(['Return to bot', 'End conversation']);
    cleanup();
    show('agent', conversation(1).session);
    expect(buttons()).toEqual(['Take over', 'End conversation']);
  });

  it('offers anyone to claim a conversation the bot handed to the agents, without asking', () => {
    show('agent', { state: 'agent', userId: null, username: null, reason: 'flow_handoff', changedAt: '2025-06-01T10:00:00Z' });
    expect(buttons()).toEqual(['Take over', 'Return to bot', 'End conversation']);
    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
