import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ConversationSummary } from '@wac/contract/chat';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { conversation } from '../chat-test-fixtures';
import { ThreadFooter } from './thread-footer';

afterEach(cleanup);

function show(summary: ConversationSummary | null) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ThreadFooter conversation={summary} phone="5511900000001" />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 30_000).toISOString();

describe('ThreadFooter', () => {
  it('shows the countdown and the composer while the 24-hour window is open', () => {
    show(conversation(1, { windowExpiresAt: hoursFromNow(5) }));
    expect(screen.getByText(/^Window closes in 5h 0m$/)).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Type a message' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Hello' } });
    expect(send.disabled).toBe(false);
    expect(screen.queryByText(/window is closed/)).toBeNull();
  });

  it('replaces the composer with the template prompt once the window closed, or when the customer never wrote', () => {
    show(conversation(1, { windowExpiresAt: hoursFromNow(-1) }));
    expect(screen.getByText('The 24-hour window is closed. Send a template to reopen the conversation.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a template' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Type a message' })).toBeNull();
    cleanup();
    show(conversation(1));
    expect(screen.getByRole('button', { name: 'Send a template' })).toBeTruthy();
    cleanup();
    show(null);
    expect(screen.getByRole('button', { name: 'Send a template' })).toBeTruthy();
  });

  it('refuses a file over Meta’s limit before uploading it, and takes a caption for one that fits', () => {
    const { container } = show(conversation(1, { windowExpiresAt: hoursFromNow(2) }));
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('big.png is too large to send: WhatsApp allows images of at most 5 MB.');
    expect(screen.queryByRole('textbox', { name: 'Caption' })).toBeNull();

    const small = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [small] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('invoice.pdf')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Caption' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
