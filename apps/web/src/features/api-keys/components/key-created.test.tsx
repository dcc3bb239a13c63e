import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKey, renderWithCache } from '../api-keys-test-kit';
import { KeyCreated } from './key-created';

const SECRET = 'wac_AbC12345xyzxyzxyzxyzxyzxyzxyzxyzxyzxyzxyzxy';

function withClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const renderCreated = (scopes = apiKey().scopes) =>
  renderWithCache(<KeyCreated created={{ key: apiKey({ id: 7, scopes }), secret: SECRET }} />);

describe('KeyCreated', () => {
  it('shows the secret once, read-only, under the warning that it cannot be shown again', () => {
    renderCreated();
    expect(screen.getByRole('heading', { name: 'API key Shop orders created' })).toBe(document.activeElement);
    const field = screen.getByLabelText('API key') as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    const warning = 'This is the only time the key is shown. Store it now: it cannot be shown again.';
    expect(screen.getByText(warning)).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(warning);
  });

  it('copies the secret and says so for a moment', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    renderCreated();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText('The key is on your clipboard.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('selects the secret for Ctrl+C where the clipboard refuses', async () => {
    withClipboard(() => Promise.reject(new Error('not allowed')));
    renderCreated();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByText('The text is selected: press Ctrl+C (⌘C) to copy it.')).toBeTruthy();
    const field = screen.getByLabelText('API key') as HTMLInputElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it('shows a send-text call with the key, and Done goes to the key without coming back here', () => {
    renderCreated();
    const curl = document.querySelector('pre.code-block')?.textContent ?? '';
    expect(curl).toContain(`curl -X POST ${window.location.origin}/api/send-text`);
    expect(curl).toContain(`-H 'X-API-Key: ${SECRET}'`);
    expect(curl).toContain('"phone": "15551234567"');
    expect(screen.queryByText(/This key has no send:text scope/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Done' }).getAttribute('href')).toBe('/api-keys/7');
    cleanup();
    renderCreated(['send:media']);
    expect(screen.getByText(/This key has no send:text scope, so this call is answered 403/)).toBeTruthy();
  });
});
