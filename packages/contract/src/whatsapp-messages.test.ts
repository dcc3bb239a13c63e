import { describe, expect, it } from 'vitest';
import { advanceStatus, type MessageStatus, messagePreview } from './whatsapp-messages.ts';

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('advanceStatus', () => {
  it('only moves forward: sent < delivered < read', () => {
    expect(advanceStatus('pending', 'sent')).toBe('sent');
    expect(advanceStatus('sent', 'delivered')).toBe('delivered');
    expect(advanceStatus('read', 'delivered')).toBe('read');
    expect(advanceStatus('delivered', 'sent')).toBe('delivered');
  });

  it('lets failed replace pending or sent, but not proof of delivery', () => {
    expect(advanceStatus('sent', 'failed')).toBe('failed');
    expect(advanceStatus('failed', 'sent')).toBe('failed');
    expect(advanceStatus('delivered', 'failed')).toBe('delivered');
  });

  it('ends in the same status whatever order the statuses arrive in', () => {
    const statuses: MessageStatus[] = ['sent', 'delivered', 'read'];
    for (const order of permutations(statuses)) expect(order.reduce(advanceStatus, 'pending')).toBe('read');
    for (const order of permutations<MessageStatus>(['sent', 'failed'])) expect(order.reduce(advanceStatus, 'pending')).toBe('failed');
  });
});

describe('messagePreview', () => {
  it('prefers text, then a label for the type', () => {
    expect(messagePreview('text', { text: 'hi' })).toBe('hi');
    expect(messagePreview('image', { media: { id: '1', mimeType: null, sha256: null, caption: null, filename: null } })).toBe('Photo');
    expect(messagePreview('reaction', { reaction: { messageId: 'w', emoji: '👍' } })).toBe('Reacted 👍');
  });
});
