import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ChatMessage } from '@wac/contract/chat';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { message, outbound } from '../chat-test-fixtures';
import { conversationMood } from './conversation-mood';
import { MessageBubble } from './message-bubble';
import { MoodBadge } from './mood-badge';

afterEach(cleanup);

const settings = { 'app.date_format': 'DD/MM/YYYY', 'app.time_format': '24h', 'app.timezone': 'UTC' } as const;
const negative = { label: 'negative', score: -0.62, corrected: false } as const;

function show(m: ChatMessage) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MessageBubble message={m} quoted={undefined} settings={settings} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const mark = (name: string) => screen.getByRole('button', { name });

describe('the sentiment mark', () => {
  it('names a scored customer text’s label in words and a face, and says when a person corrected it', () => {
    show(message(1, { sentiment: negative }));
    const button = mark('Sentiment: negative');
    expect(button.textContent).toBe('negative');
    expect(button.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(button.getAttribute('title')).toContain('score -0.62');
    cleanup();
    show(message(1, { sentiment: { label: 'neutral', score: -0.62, corrected: true } }));
    expect(mark('Sentiment: neutral, corrected').textContent).toBe('neutral · corrected');
  });

  it('shows nothing on a text not scored yet nor on the business’s messages', () => {
    show(message(1));
    expect(screen.queryByRole('button', { name: /^Sentiment/ })).toBeNull();
    cleanup();
    show(outbound(2, { sentiment: negative }));
    expect(screen.queryByRole('button', { name: /^Sentiment/ })).toBeNull();
  });

  it('opens a menu of the three labels from the keyboard, on the current one, moved with the arrows and closed with Escape', () => {
    show(message(1, { sentiment: negative }));
    const button = mark('Sentiment: negative');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Correct the sentiment' });
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Positive', 'false'],
      ['Neutral', 'false'],
      ['Negative', 'true'],
    ]);
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes the menu once a label is chosen, giving the focus back to the mark', () => {
    show(message(1, { sentiment: negative }));
    const button = mark('Sentiment: negative');
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Negative' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('the mood in the thread’s header', () => {
  const scored = (id: number, score: number) =>
    message(id, { sentiment: { label: score < 0 ? 'negative' : 'positive', score, corrected: false } });

  it('reads the trend as text, with how it was read in a tooltip the badge is described by', () => {
    const mood = conversationMood([scored(1, 0.5), scored(2, 0.3), scored(3, -0.5), scored(4, -0.7)]);
    if (!mood) throw new Error('no mood');
    render(<MoodBadge mood={mood} />);
    const badge = screen.getByRole('button', { name: 'Mood: worsening' });
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(badge.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.textContent).toBe(
      'Average sentiment of the customer’s last 4 scored messages: -0.10 (negative). The newer half averages -0.60, the older +0.40.',
    );
  });

  it('gives the level when there are too few texts for a trend', () => {
    const mood = conversationMood([scored(1, -0.5)]);
    if (!mood) throw new Error('no mood');
    render(<MoodBadge mood={mood} />);
    expect(screen.getByRole('button', { name: 'Mood: negative' })).toBeTruthy();
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toContain(
      'last scored message: -0.50 (negative). Too few to tell a trend.',
    );
  });
});
