import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLicenseError } from '../lib/license-events';
import { LicenseErrorDialogs } from './license-error-dialogs';
import { ToastProvider } from './toasts';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function renderDialogs() {
  return render(
    <MemoryRouter initialEntries={['/admin/users']}>
      <ToastProvider>
        <LicenseErrorDialogs />
        <Where />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const expired = {
  error: 'The licence expired on 2026-01-01',
  code: 'LICENSE_EXPIRED',
  title: 'Licence Expired',
  help: 'An administrator can apply a valid key under Settings > Licence.',
  severity: 'error' as const,
  action: 'Open licence settings',
  actionUrl: '/settings#licence',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

const publish = (payload: Parameters<typeof publishLicenseError>[0]['payload'], modalsSuppressed = false) =>
  act(() => publishLicenseError({ payload, status: 403, modalsSuppressed }));

describe('LicenceErrorDialogs', () => {
  it('opens the quota modal, or shows a toast when the request suppressed modals', () => {
    renderDialogs();
    const payload = { error: 'Users quota exceeded', code: 'QUOTA_EXCEEDED', quotaType: 'users', title: 'Users Quota Exceeded' };
    publish(payload);
    expect(screen.getByRole('dialog', { name: 'Users Quota Exceeded' })).toBeTruthy();
    cleanup();
    renderDialogs();
    publish(payload, true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Users Quota Exceeded');
  });

  it('opens the feature modal', () => {
    renderDialogs();
    publish({ error: 'Bot flows is not available', code: 'FEATURE_NOT_AVAILABLE', feature: 'botFlows' });
    expect(screen.getByRole('dialog', { name: 'Feature Not Available' })).toBeTruthy();
  });

  it('shows an expired licence as a toast with help and action, then takes an admin to the action URL after 2 s', () => {
    localStorage.setItem('role', 'admin');
    renderDialogs();
    publish(expired);
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Licence Expired');
    expect(toast.textContent).toContain('The licence expired on 2026-01-01. An administrator can apply');
    expect(screen.getByRole('button', { name: 'Open licence settings' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('location').textContent).toBe('/admin/users');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    // An error toast stays open.
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('leaves an agent where they are', () => {
    localStorage.setItem('role', 'agent');
    renderDialogs();
    publish(expired);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('location').textContent).toBe('/admin/users');
  });

  it('closes a quota warning toast after 5 s', () => {
    renderDialogs();
    publish({ error: 'Users quota at 80%', code: 'QUOTA_WARNING', severity: 'warning', title: 'Users Quota Warning' });
    expect(screen.getByRole('status').textContent).toContain('Users Quota Warning');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Users Quota Warning')).toBeNull();
  });
});
