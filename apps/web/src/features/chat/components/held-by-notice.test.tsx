import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldByNotice } from './held-by-notice';

afterEach(cleanup);

describe('HeldByNotice', () => {
  it('says who holds the conversation and takes it over from them once confirmed', async () => {
    const onTakeOver = vi.fn(async () => {});
    render(<HeldByNotice holder={{ id: 3, username: 'alice' }} onTakeOver={onTakeOver} />);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('This conversation is handled by alice');
    fireEvent.click(within(notice).getByRole('button', { name: 'Take over' }));
    expect(onTakeOver).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Take over from alice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take over' }));
    await vi.waitFor(() => expect(onTakeOver).toHaveBeenCalledWith({ id: 3, username: 'alice' }));
  });
});
