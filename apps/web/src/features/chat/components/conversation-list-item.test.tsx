import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { conversation } from '../chat-test-fixtures';
import { ConversationListItem } from './conversation-list-item';

afterEach(cleanup);

const settings = { 'app.date_format': 'DD/MM/YYYY', 'app.time_format': '24h', 'app.timezone': 'UTC' } as const;

function avatarOf(name: string | null) {
  const item = conversation(1, { contact: { id: 10, name, phone: '5511987654321', waId: '', bsuid: null, username: null } });
  render(
    <MemoryRouter>
      <ConversationListItem conversation={item} selected={false} now={new Date('2025-06-01T12:00:00Z')} settings={settings} />
    </MemoryRouter>,
  );
  return screen.getByRole('link').querySelector('.conversation-avatar') as HTMLElement;
}

describe('ConversationListItem avatar', () => {
  it('shows a person for a contact WhatsApp gave no name, not the first digit of the number', () => {
    const avatar = avatarOf(null);
    expect(screen.getByText('+5511987654321')).toBeTruthy();
    expect(avatar.textContent).toBe('');
    expect(avatar.querySelector('svg')).toBeTruthy();
  });

  it('shows the first letter of a name, and a person for a blank one', () => {
    expect(avatarOf('nora Lima').textContent).toBe('N');
    cleanup();
    expect(avatarOf('   ').querySelector('svg')).toBeTruthy();
  });
});

describe('ConversationListItem title', () => {
  function renderContact(contact: { name: string | null; phone: string | null; username: string | null }) {
    // The fixture always gives a number; these customers may have none.
    const item = { ...conversation(1), contact: { id: 10, waId: '', bsuid: 'GB.1234567890', ...contact } };
    render(
      <MemoryRouter>
        <ConversationListItem conversation={item} selected={false} now={new Date('2025-06-01T12:00:00Z')} settings={settings} />
      </MemoryRouter>,
    );
    return screen.getByRole('link');
  }

  it('tells a named customer who hides their number apart by their username', () => {
    const link = renderContact({ name: 'Ann', phone: null, username: 'ann.b' });
    expect(link.querySelector('.conversation-name')?.textContent).toBe('Ann @ann.b');
    expect(link.getAttribute('href')).toBe('/chat?phone=GB.1234567890&number=100000000000001');
  });

  it('adds no username where the number or the username is already the title', () => {
    expect(renderContact({ name: 'Ann', phone: '447700900871', username: 'ann.b' }).querySelector('.conversation-username')).toBeNull();
    cleanup();
    const unnamed = renderContact({ name: null, phone: null, username: 'ann.b' });
    expect(unnamed.querySelector('.conversation-name')?.textContent).toBe('@ann.b');
  });
});
