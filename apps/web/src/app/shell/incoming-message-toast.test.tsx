import type { MessageReceivedEvent } from '@wac/contract/whatsapp-events';
import { describe, expect, it } from 'vitest';
import { message } from '../../features/chat/chat-test-fixtures';
import { INCOMING_TOAST_MS, incomingMessageToast } from './incoming-message-toast';
import { NOTIFICATION_SOUND_URL, playNotificationSound } from './notification-sound';

function received(over: Partial<MessageReceivedEvent> = {}): MessageReceivedEvent {
  const m = message(5, { content: { text: 'Is my order on its way?' } });
  return {
    messageId: m.id,
    wamid: 'wamid.5',
    conversationId: 1,
    contactId: 10,
    from: { name: 'Zoe Lima', phone: '5511987654321', bsuid: null, username: null },
    type: 'text',
    content: { text: 'Is my order on its way?', mediaType: null },
    timestamp: m.timestamp,
    message: m,
    ...over,
  };
}

describe('incoming-message toast', () => {
  it('names the sender, previews the message and stays 5 seconds (spec 9)', () => {
    let opened = 0;
    const toast = incomingMessageToast(received(), () => opened++);
    expect(toast).toMatchObject({ type: 'info', title: 'Zoe Lima', help: 'Is my order on its way?', durationMs: 5000 });
    expect(INCOMING_TOAST_MS).toBe(5000);
    toast.onClick?.();
    expect(opened).toBe(1);
  });

  it('falls back to the number and to a label for messages without text, and shortens long ones', () => {
    const photo = message(6, { type: 'image', content: {} });
    expect(
      incomingMessageToast(
        received({
          from: { name: null, phone: '5511987654321', bsuid: null, username: null },
          type: 'image',
          content: { text: '', mediaType: 'image' },
          message: photo,
        }),
        () => {},
      ),
    ).toMatchObject({ title: '+5511987654321', help: 'Photo' });
    const long = 'a'.repeat(300);
    expect(incomingMessageToast(received({ content: { text: long, mediaType: null } }), () => {}).help).toHaveLength(120);
  });

  it('plays its sound at half volume (spec 9), and stays quiet when the browser blocks autoplay', async () => {
    const played: { src: string; volume: number }[] = [];
    const original = HTMLMediaElement.prototype.play;
    // jsdom has no audio output; stand in for a browser that refuses autoplay.
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push({ src: this.src, volume: this.volume });
      return Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
    };
    try {
      expect(() => playNotificationSound()).not.toThrow();
      await Promise.resolve();
      expect(played).toEqual([{ src: expect.stringContaining(NOTIFICATION_SOUND_URL), volume: 0.5 }]);
    } finally {
      HTMLMediaElement.prototype.play = original;
    }
  });
});
