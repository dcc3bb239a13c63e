import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiKeyKeys } from '../api/api-key-query-keys';
import { apiKey, renderWithCache } from '../api-keys-test-kit';
import { ApiKeysPage } from './api-keys-page';

afterEach(cleanup);

const withKeys = (keys: ReturnType<typeof apiKey>[]) => renderWithCache(<ApiKeysPage />, (c) => c.setQueryData(apiKeyKeys.list, { keys }));

describe('ApiKeysPage', () => {
  it('shows a spinner while the keys load, then the error with a way to try again', async () => {
    renderWithCache(<ApiKeysPage />);
    expect(screen.getByRole('status', { name: 'Loading API keys' })).toBeTruthy();
    cleanup();
    renderWithCache(<ApiKeysPage />, (c) => {
      void c.prefetchQuery({
        queryKey: apiKeyKeys.list,
        queryFn: () => Promise.reject(new ApiError('Failed to fetch API keys', 500, undefined, null)),
      });
    });
    expect(await screen.findByText('Failed to fetch API keys')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('explains what keys are for when there is none, with the API docs and a way to create one', () => {
    withKeys([]);
    expect(screen.getByRole('heading', { name: 'No API keys yet' })).toBeTruthy();
    expect(screen.getByText(/lets your shop, CRM or ticketing system send WhatsApp messages/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Read the API docs/ }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByRole('link', { name: 'Create your first key' }).getAttribute('href')).toBe('/api-keys/new');
  });

  it('lists each key with its prefix, scopes, status, last use, calls today and creation', () => {
    withKeys([
      apiKey(),
      apiKey({ id: 2, name: 'Helpdesk', prefix: 'wac_Zz987654', scopes: ['send:buttons'], lastUsedAt: null, callsToday: 0 }),
    ]);
    expect(screen.getByText('2 keys, 2 active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New API key' }).getAttribute('href')).toBe('/api-keys/new');
    const shop = screen.getByRole('row', { name: /Shop orders/ });
    expect(within(shop).getByText('wac_AbC12345…').tagName).toBe('CODE');
    expect(within(shop).getByText('send:text')).toBeTruthy();
    expect(within(shop).getByText('send:template')).toBeTruthy();
    expect(within(shop).getByText('Active')).toBeTruthy();
    expect(within(shop).getByText(/ago$/).getAttribute('datetime')).toBe('2026-05-10T11:55:00.000Z');
    expect(within(shop).getByText('42')).toBeTruthy();
    expect(within(shop).getByText('by admin')).toBeTruthy();
    expect(within(shop).getByRole('link', { name: 'Shop orders' }).getAttribute('href')).toBe('/api-keys/1');
    const helpdesk = screen.getByRole('row', { name: /Helpdesk/ });
    expect(within(helpdesk).getByText('Never')).toBeTruthy();
    expect(within(helpdesk).getByText('send:buttons')).toBeTruthy();
  });

  it('shows revoked and expired keys as such, and offers to revoke only the others', () => {
    withKeys([
      apiKey({ id: 1, name: 'Old shop', status: 'revoked', revokedAt: '2026-05-09T10:00:00.000Z' }),
      apiKey({ id: 2, name: 'Trial', status: 'expired', expiresAt: '2026-05-02T23:59:59.999Z' }),
      apiKey({ id: 3, name: 'Live shop' }),
    ]);
    expect(screen.getByText('3 keys, 1 active')).toBeTruthy();
    const revoked = screen.getByRole('row', { name: /Old shop/ });
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: 'Revoke Old shop' })).toBeNull();
    expect(within(screen.getByRole('row', { name: /Trial/ })).getByText('Expired')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Live shop/ })).getByRole('button', { name: 'Revoke Live shop' })).toBeTruthy();
  });

  it('asks before revoking a key', async () => {
    withKeys([apiKey({ name: 'Live shop' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Live shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(within(dialog).getByText(/Every call made with it is refused from now on/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Revoke API key' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });
});
