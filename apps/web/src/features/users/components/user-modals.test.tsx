import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@wac/contract/auth';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { SetPasswordModal } from './set-password-modal';
import { UserFormModal } from './user-form-modal';

afterEach(cleanup);

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>,
  );
}

const carol: User = {
  id: 2,
  username: 'carol',
  email: 'carol@example.com',
  role: 'agent',
  emailVerified: false,
  createdAt: '2025-01-01T00:00:00Z',
};
const admin: User = { id: 1, username: 'admin', email: null, role: 'admin', emailVerified: true, createdAt: '2025-01-01T00:00:00Z' };

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SetPasswordModal', () => {
  it('asks for both passwords', () => {
    wrap(<SetPasswordModal user={carol} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Set password for carol' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
  });

  it('refuses a short password', () => {
    wrap(<SetPasswordModal user={carol} onClose={() => {}} />);
    type('New password', '12345');
    type('Confirm password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  it('refuses passwords that differ, and clears the message when typing again', () => {
    wrap(<SetPasswordModal user={carol} onClose={() => {}} />);
    type('New password', 'secret1');
    type('Confirm password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    type('Confirm password', 'secret1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });
});

describe('UserFormModal', () => {
  it('shows the contract messages for a new user', () => {
    wrap(<UserFormModal open onClose={() => {}} />);
    type('Email', 'carol@');
    type('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  it('fills in the user being edited and has no password field', () => {
    wrap(<UserFormModal open user={carol} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Edit carol' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('carol');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('carol@example.com');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect((screen.getByLabelText('Role') as HTMLSelectElement).disabled).toBe(false);
  });

  it('does not let an admin change their own role', () => {
    wrap(<UserFormModal open user={admin} isSelf onClose={() => {}} />);
    expect((screen.getByLabelText('Role') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('You cannot change your own role.')).toBeTruthy();
  });

  it('checks an edited username', () => {
    wrap(<UserFormModal open user={carol} onClose={() => {}} />);
    type('Username', 'c d');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Username may contain only letters, digits, dots, dashes and underscores')).toBeTruthy();
  });
});
