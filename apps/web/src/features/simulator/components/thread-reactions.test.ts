import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { describe, expect, it } from 'vitest';
import { withReactions } from './thread-reactions';

let nextId = 1;
const message = (patch: Partial<SandboxMessage>): SandboxMessage => ({
  id: nextId++,
  wamid: `wamid.${nextId}`,
  direction: 'to_customer',
  type: 'text',
  text: null,
  media: null,
  interactive: null,
  reply: null,
  reaction: null,
  location: null,
  template: null,
  contextId: null,
  businessNumberId: '100000000000001',
  status: 'accepted',
  error: null,
  timestamp: '2025-01-01T10:00:00.000Z',
  ...patch,
});

describe('reactions on the simulated phone', () => {
  it('sit on the message they react to, the latest one winning and an empty emoji removing it', () => {
    const hello = message({ wamid: 'wamid.hello', direction: 'from_customer', text: 'Hello' });
    const thanks = message({ wamid: 'wamid.thanks', text: 'Thanks' });
    const { shown, reactions } = withReactions([
      hello,
      message({ type: 'reaction', reaction: { messageId: 'wamid.hello', emoji: '👍' } }),
      thanks,
      message({ type: 'reaction', reaction: { messageId: 'wamid.hello', emoji: '❤️' } }),
      message({ type: 'reaction', direction: 'from_customer', reaction: { messageId: 'wamid.thanks', emoji: '🙏' } }),
      message({ type: 'reaction', direction: 'from_customer', reaction: { messageId: 'wamid.thanks', emoji: '' } }),
    ]);
    expect(shown).toEqual([hello, thanks]);
    expect([...reactions]).toEqual([['wamid.hello', '❤️']]);
  });
});
