import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ToastProvider } from './toasts';

afterEach(cleanup);

function renderModal(onDelete: (name: string) => Promise<void>, onClose = vi.fn()) {
  render(
    <ToastProvider>
      <ConfirmDeleteModal
        item="draft"
        title="Delete note"
        failure="Failed to delete note"
        onDelete={onDelete}
        deleted={(name) => `Note ${name} deleted`}
        onClose={onClose}
      >
        {(name) => <p>Delete {name}?</p>}
      </ConfirmDeleteModal>
    </ToastProvider>,
  );
  return onClose;
}

describe('ConfirmDeleteModal', () => {
  it('asks about the item, then deletes it, says so and closes', async () => {
    const onDelete = vi.fn(async () => {});
    const onClose = renderModal(onDelete);
    expect(screen.getByRole('dialog', { name: 'Delete note' }).textContent).toContain('Delete draft?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete note' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDelete).toHaveBeenCalledWith('draft');
    expect(screen.getByText('Note draft deleted')).toBeTruthy();
  });

  it('stays open with the failure when the deletion fails', async () => {
    const onClose = renderModal(async () => {
      throw new Error('network down');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete note');
    expect(onClose).not.toHaveBeenCalled();
  });
});
