import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { EraseCustomerPanel } from './erase-customer-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('EraseCustomerPanel', () => {
  it('refuses what is not a phone number under the field, without asking the server', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <EraseCustomerPanel />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const phone = screen.getByLabelText('Customer’s phone number');
    fireEvent.change(phone, { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find customer' }));
    expect(screen.getByText(/phone must be a phone number in international form/)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find customer' }));
    expect(screen.getByText('phone is required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase customer' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
