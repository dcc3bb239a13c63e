import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { BotReply, FlowSessionState } from '@wac/contract/flows';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotReplyView } from './bot-reply';
import { entriesOf, lastInteractive } from './transcript';

afterEach(cleanup);

function show(reply: BotReply, active = true) {
  const onAnswer = vi.fn();
  render(<BotReplyView reply={reply} active={active} onAnswer={onAnswer} />);
  return onAnswer;
}

describe('BotReplyView', () => {
  it('shows text as a bubble, keeping its line breaks', () => {
    show({ type: 'text', text: 'Hi Ada,\nwelcome!' });
    expect(screen.getByText(/Hi Ada,\s+welcome!/).className).toBe('try-text');
  });

  it('shows a picture with its caption, and other media as a link to open', () => {
    show({ type: 'media', mediaType: 'image', url: 'https://cdn.test/box.png', caption: 'The box' });
    expect(screen.getByRole('img', { name: 'The box' }).getAttribute('src')).toBe('https://cdn.test/box.png');
    cleanup();
    show({ type: 'media', mediaType: 'document', url: 'https://cdn.test/terms.pdf' });
    expect(screen.getByRole('link', { name: 'Open the document' }).getAttribute('href')).toBe('https://cdn.test/terms.pdf');
  });

  it('answers a reply button with its id and title', () => {
    const onAnswer = show({
      type: 'buttons',
      body: 'How can we help?',
      buttons: [
        { id: 'sales', title: 'Sales' },
        { id: 'support', title: 'Support' },
      ],
    });
    expect(screen.getByText('How can we help?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Support' }));
    expect(onAnswer).toHaveBeenCalledWith({ id: 'support', text: 'Support' });
  });

  it('opens a list with its button, and answers with the row chosen', () => {
    const onAnswer = show({
      type: 'list',
      body: 'Pick a size',
      button: 'Sizes',
      rows: [
        { id: 's', title: 'Small', description: 'Up to 1 kg' },
        { id: 'l', title: 'Large' },
      ],
    });
    const open = screen.getByRole('button', { name: 'Sizes' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: /Small/ })).toBeNull();
    fireEvent.click(open);
    expect(screen.getByRole('list', { name: 'Sizes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Small/ }));
    expect(onAnswer).toHaveBeenCalledWith({ id: 's', text: 'Small' });
    expect(screen.queryByRole('list', { name: 'Sizes' })).toBeNull();
  });

  it('keeps the buttons of an earlier question shown but not tappable', () => {
    const onAnswer = show({ type: 'buttons', body: 'Old question', buttons: [{ id: 'a', title: 'A' }] }, false);
    const button = screen.getByRole('button', { name: 'A' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

const state = (patch: Partial<FlowSessionState>): FlowSessionState => ({
  sessionId: '6b7e0a0e-1111-4222-8333-444455556666',
  flowId: '1',
  flowVersion: 1,
  userId: 'try-it',
  status: 'waiting',
  currentNodeId: 'ask',
  variables: {},
  replies: [],
  endedReason: null,
  handedOff: false,
  updatedAt: '2026-05-01T10:00:00Z',
  ...patch,
});

describe('the Try it transcript', () => {
  it('adds the replies, then how the session ended', () => {
    expect(entriesOf(state({ replies: [{ type: 'text', text: 'Bye' }], status: 'ended', endedReason: 'completed' }))).toEqual([
      { kind: 'bot', reply: { type: 'text', text: 'Bye' } },
      { kind: 'status', text: 'The flow finished.', tone: 'info' },
    ]);
    expect(
      entriesOf(state({ status: 'ended', endedReason: 'handoff', handedOff: true })).map((e) => e.kind === 'status' && e.text),
    ).toEqual(['The customer was handed off to an agent.']);
  });

  it('lets only the latest question be answered by a tap, until the customer answers it', () => {
    const question: BotReply = { type: 'buttons', body: 'Q', buttons: [{ id: 'a', title: 'A' }] };
    expect(
      lastInteractive([
        { kind: 'bot', reply: question },
        { kind: 'bot', reply: { type: 'text', text: 'More' } },
      ]),
    ).toBe(0);
    expect(
      lastInteractive([
        { kind: 'bot', reply: question },
        { kind: 'customer', text: 'A' },
      ]),
    ).toBe(-1);
  });
});
