import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderComposer() {
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <Composer phone="5511987654321" recipientName="Nora" conversationId={1} />
    </QueryClientProvider>,
  );
  const choose = (file: File) =>
    fireEvent.change(view.container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
  return { choose };
}

describe('Composer attachment', () => {
  it('shows a chosen image as a thumbnail before it is sent, and lets its object URL go when removed', () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { choose } = renderComposer();

    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    choose(photo);
    expect(created).toHaveBeenCalledWith(photo);
    expect(screen.getByRole('img', { name: 'Preview of photo.png' }).getAttribute('src')).toBe('blob:photo');

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(revoked).toHaveBeenCalledWith('blob:photo');
    expect(screen.queryByRole('img', { name: /Preview/ })).toBeNull();
  });

  it('shows only the name of a file that is not an image', () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const { choose } = renderComposer();
    choose(new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('invoice.pdf')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(created).not.toHaveBeenCalled();
  });
});
