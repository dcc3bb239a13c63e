import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ChatMessage } from '@wac/contract/chat';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { message, outbound } from '../chat-test-fixtures';
import { MessageBubble } from './message-bubble';

afterEach(cleanup);

const settings = { 'app.date_format': 'DD/MM/YYYY', 'app.time_format': '24h', 'app.timezone': 'UTC' } as const;

function show(m: ChatMessage, quoted?: ChatMessage) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MessageBubble message={m} quoted={quoted} settings={settings} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const media = (over: Partial<NonNullable<ChatMessage['media']>>): NonNullable<ChatMessage['media']> => ({
  id: 1,
  kind: 'image',
  status: 'ready',
  removedAt: null,
  mimeType: 'image/jpeg',
  fileSize: 2048,
  filename: null,
  sha256: null,
  url: '/api/media/files/1?sig=x',
  ...over,
});

describe('MessageBubble', () => {
  it('shows a failed send with Meta’s title, our explanation and a Retry button', () => {
    show(outbound(1, { status: 'failed', error: { code: 131047, title: 'Re-engagement message', details: null } }));
    expect(screen.getByRole('img', { name: 'Failed' })).toBeTruthy();
    expect(screen.getByText('Re-engagement message')).toBeTruthy();
    expect(screen.getByText(/Send an approved template to reopen the conversation/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('falls back to Meta’s own words for an error code we do not know', () => {
    show(outbound(1, { status: 'failed', error: { code: 999, title: 'Odd failure', details: null } }));
    expect(screen.getByText('Odd failure')).toBeTruthy();
  });

  it('shows the time and the tick of an outbound message, and no tick on a customer message', () => {
    show(outbound(1, { status: 'delivered', timestamp: '2025-06-01T14:05:00.000Z' }));
    expect(screen.getByText('14:05')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Delivered' })).toBeTruthy();
    expect(screen.getByText('amy')).toBeTruthy();
    cleanup();
    show(message(2));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('names the API key a message was sent through, where an agent’s name would be', () => {
    show(outbound(1, { sender: null, apiKey: { id: 3, name: 'Shop' } }));
    expect(screen.getByText('API · Shop')).toBeTruthy();
    expect(screen.queryByText('amy')).toBeNull();
  });

  it('previews a ready image with its caption, and says when a file is still downloading, failed or was cleaned up', () => {
    show(message(1, { type: 'image', content: { text: 'The receipt' }, media: media({}) }));
    expect(screen.getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('/api/media/files/1?sig=x');
    expect(screen.getByText('The receipt')).toBeTruthy();
    cleanup();
    show(message(1, { type: 'image', media: media({ status: 'pending', url: null }) }));
    expect(screen.getByText('Downloading…')).toBeTruthy();
    cleanup();
    show(message(1, { type: 'video', media: media({ kind: 'video', status: 'failed', url: null }) }));
    expect(screen.getByText(/could not be downloaded/)).toBeTruthy();
    cleanup();
    show(message(1, { type: 'image', media: media({ status: 'removed', url: null, removedAt: '2026-11-02T10:00:00Z' }) }));
    expect(screen.getByText(/^Media removed by cleanup on /).textContent).toContain('2026');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('links a document by its name and size, and plays audio and video in place', () => {
    show(
      message(1, {
        type: 'document',
        media: media({ kind: 'document', mimeType: 'application/pdf', filename: 'invoice.pdf', fileSize: 3 * 1024 * 1024 }),
      }),
    );
    const link = screen.getByRole('link', { name: /invoice\.pdf/ });
    expect(link.getAttribute('href')).toBe('/api/media/files/1?sig=x');
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    cleanup();
    const audio = show(message(1, { type: 'audio', media: media({ kind: 'audio', mimeType: 'audio/ogg' }) }));
    expect(audio.container.querySelector('audio')?.getAttribute('src')).toBe('/api/media/files/1?sig=x');
    cleanup();
    const video = show(message(1, { type: 'video', media: media({ kind: 'video', mimeType: 'video/mp4' }) }));
    expect(video.container.querySelector('video')?.hasAttribute('controls')).toBe(true);
  });

  it('renders a location, a reaction, a button reply and a quoted message simply', () => {
    show(message(1, { type: 'location', content: { location: { latitude: -23.5, longitude: -46.6, name: 'Head office' } } }));
    expect(screen.getByRole('link', { name: /Head office/ }).getAttribute('href')).toContain('mlat=-23.5');
    cleanup();
    show(message(1, { type: 'reaction', content: { reaction: { messageId: 'wamid.x', emoji: '👍' } } }));
    expect(screen.getByText('Reacted 👍 to a message')).toBeTruthy();
    cleanup();
    show(message(1, { type: 'interactive', content: { text: 'Yes', reply: { kind: 'button', id: 'yes', title: 'Yes' } } }));
    expect(screen.getByText('Button reply')).toBeTruthy();
    cleanup();
    show(message(2, { content: { text: 'Sure', context: { id: 'wamid.1' } } }), outbound(1, { content: { text: 'Shall we meet?' } }));
    expect(screen.getByText('Shall we meet?')).toBeTruthy();
  });

  it('shows a sent template whole: which template, header, body, footer and its buttons', () => {
    const template = { name: 'parcel_update', language: 'en_US', header: 'Your parcel', footer: 'Reply STOP to opt out' };
    show(
      outbound(1, {
        type: 'template',
        content: { text: 'Hi Rita, it arrives on Monday.', template: { ...template, buttons: ['Track it', 'Call us'] } },
      }),
    );
    expect(screen.getByText('Template · parcel_update (en_US)')).toBeTruthy();
    expect(screen.getByText('Your parcel')).toBeTruthy();
    expect(screen.getByText('Hi Rita, it arrives on Monday.')).toBeTruthy();
    expect(screen.getByText('Reply STOP to opt out')).toBeTruthy();
    const buttons = screen.getByRole('list', { name: 'Template buttons' });
    expect([...buttons.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Track it', 'Call us']);
    expect(screen.queryByRole('button', { name: 'Track it' })).toBeNull();
  });

  it('shows a body-only template with its label and nothing else around it', () => {
    const bubble = show(outbound(1, { type: 'template', content: { text: 'Thanks!', template: { name: 'thanks', language: 'pt_BR' } } }));
    expect(screen.getByText('Template · thanks (pt_BR)')).toBeTruthy();
    expect(screen.getByText('Thanks!')).toBeTruthy();
    expect(bubble.container.querySelector('.message-template-header, .message-template-footer, ul')).toBeNull();
  });

  it("marks the bot's messages as the bot's and shows the reply buttons it offered, as labels only", () => {
    const buttons = [
      { id: 'sales', title: 'Sales' },
      { id: 'support', title: 'Support' },
    ];
    show(
      outbound(1, {
        type: 'interactive',
        sender: null,
        content: { text: 'How can we help?', sentBy: 'bot', raw: { type: 'button', buttons, footer: 'Any time' } },
      }),
    );
    expect(screen.getByText('Bot')).toBeTruthy();
    expect(screen.getByText('How can we help?')).toBeTruthy();
    expect(screen.getByText('Any time')).toBeTruthy();
    const offered = screen.getByRole('list', { name: 'Reply buttons offered' });
    expect([...offered.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Sales', 'Support']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the list rows the bot offered, and no Bot mark on an agent's message", () => {
    const rows = [
      { id: 'red', title: 'Red', description: 'Warm' },
      { id: 'blue', title: 'Blue' },
    ];
    show(
      outbound(1, {
        type: 'interactive',
        sender: null,
        content: { text: 'Pick a colour', sentBy: 'bot', raw: { type: 'list', button: 'Colours', rows } },
      }),
    );
    const offered = screen.getByRole('list', { name: 'List offered: Colours' });
    expect([...offered.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Red · Warm', 'Blue']);
    cleanup();
    show(outbound(2, { content: { text: 'Hello, Amy here' } }));
    expect(screen.getByText('amy')).toBeTruthy();
    expect(screen.queryByText('Bot')).toBeNull();
  });
});
