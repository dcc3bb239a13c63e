import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(cleanup);

describe('Modal', () => {
  it('locks page scroll while open and closes on Escape, backdrop and the X', () => {
    const onClose = vi.fn();
    const { rerender, baseElement } = render(
      <Modal open onClose={onClose} title="Edit">
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(baseElement.querySelector('.modal-backdrop') as Element);
    expect(onClose).toHaveBeenCalledTimes(3);
    rerender(
      <Modal open={false} onClose={onClose} title="Edit">
        body
      </Modal>,
    );
    expect(document.body.style.overflow).toBe('');
  });

  it('stays mounted for the 200 ms transition after closing', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <Modal open onClose={() => {}} title="Edit">
        body
      </Modal>,
    );
    rerender(
      <Modal open={false} onClose={() => {}} title="Edit">
        body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.useRealTimers();
  });
});
