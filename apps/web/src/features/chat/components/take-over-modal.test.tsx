import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SessionHolder } from '@wac/contract/agent-sessions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { TakeOverModal } from './take-over-modal';

afterEach(cleanup);

const alice: SessionHolder = { id: 3, username: 'alice' };
const bob: SessionHolder = { id: 4, username: 'bob' };

/** The server's 409 when someone else holds the conversation, as apiRequest throws it. */
const handledBy = (holder: SessionHolder) =>
  new ApiError(`This conversation is handled by ${holder.username}`, 409, 'CONFLICT', {
    error: `This conversation is handled by ${holder.username}`,
    code: 'CONFLICT',
    details: { holder },
  });

function show(onTakeOver: (holder: SessionHolder) => Promise<unknown>, onClose = vi.fn()) {
  render(<TakeOverModal holder={alice} onClose={onClose} onTakeOver={onTakeOver} />);
  return onClose;
}

const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Take over' }));

describe('TakeOverModal', () => {
  it('names the colleague, then takes the conversation from them and closes', async () => {
    const onTakeOver = vi.fn(async () => {});
    const onClose = show(onTakeOver);
    expect(screen.getByRole('dialog', { name: 'Take over from alice?' }).textContent).toContain(
      'alice is handling this conversation. If you take it over, alice is told and can no longer write in it.',
    );
    confirm();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onTakeOver).toHaveBeenCalledWith(alice);
  });

  it('asks again, naming the new holder, when someone else took it meanwhile', async () => {
    const onTakeOver = vi.fn().mockRejectedValueOnce(handledBy(bob)).mockResolvedValueOnce(undefined);
    const onClose = show(onTakeOver);
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe('This conversation is handled by bob');
    expect(screen.getByRole('dialog', { name: 'Take over from bob?' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    confirm();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onTakeOver).toHaveBeenLastCalledWith(bob);
  });

  it('keeps the colleague and shows the failure for any other error, and Cancel takes nothing', async () => {
    const onTakeOver = vi.fn(async () => {
      throw new Error('network down');
    });
    const onClose = show(onTakeOver);
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe('The conversation could not be taken over');
    expect(screen.getByRole('dialog', { name: 'Take over from alice?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onTakeOver).toHaveBeenCalledTimes(1);
  });
});
