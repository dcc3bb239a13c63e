import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiKey, renderWithCache } from '../api-keys-test-kit';
import { ApiKeyForm } from './api-key-form';
import { emptyApiKeyForm, formValuesOf } from './api-key-form-values';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async () => {}), initial = emptyApiKeyForm) {
  renderWithCache(<ApiKeyForm initial={initial} submitLabel="Create API key" saving={false} cancelTo="/api-keys" onSubmit={onSubmit} />);
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
/** The message tied to a field for screen readers, as it shows next to it. */
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('ApiKeyForm', () => {
  it('asks for a name and at least one scope before sending anything', () => {
    const onSubmit = renderForm();
    submit();
    expect(describedBy(screen.getByLabelText('Name'))).toBe('name is required');
    expect(describedBy(screen.getByRole('group', { name: 'Scopes' }))).toBe('scopes must name at least one scope');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names the allowed IP range that is not one, next to the field', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Shop' } });
    fireEvent.click(screen.getByLabelText('Send text (POST /api/send-text)'));
    const ips = screen.getByLabelText('Allowed IP ranges');
    fireEvent.change(ips, { target: { value: '203.0.113.7\n10.0.0.300\n10.0.0.0/24' } });
    submit();
    expect(ips.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(ips)).toBe('Line 2: 10.0.0.300 is not an IP address or CIDR range (e.g. 203.0.113.7 or 10.0.0.0/24)');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(ips, { target: { value: '203.0.113.7\n\n2001:db8::/32' } });
    expect(ips.getAttribute('aria-invalid')).toBe('false');
  });

  it('sends the name, scopes, expiry at the end of the day, ranges one per line and the rate limit', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Shop orders ' } });
    fireEvent.click(screen.getByLabelText('Send templates (POST /api/send-template)'));
    fireEvent.click(screen.getByLabelText('Send text (POST /api/send-text)'));
    fireEvent.change(screen.getByLabelText('Expires on'), { target: { value: '2099-12-31' } });
    fireEvent.change(screen.getByLabelText('Allowed IP ranges'), { target: { value: ' 203.0.113.7 \n\n10.0.0.0/24\n' } });
    fireEvent.change(screen.getByLabelText('Rate limit (calls per minute)'), { target: { value: '120' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      name: '  Shop orders ',
      scopes: ['send:template', 'send:text'],
      expiresAt: '2099-12-31T23:59:59.999Z',
      allowedIps: ['203.0.113.7', '10.0.0.0/24'],
      rateLimitPerMinute: 120,
    });
  });

  it('refuses a rate limit that is not a whole number of at least 1', () => {
    const onSubmit = renderForm();
    const rate = screen.getByLabelText('Rate limit (calls per minute)');
    fireEvent.change(rate, { target: { value: '0' } });
    submit();
    expect(describedBy(rate)).toBe('rateLimitPerMinute must be at least 1');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field error under its field", async () => {
    const refused = new ApiError('name must be at most 100 characters', 400, 'VALIDATION_ERROR', {
      details: [{ field: 'name', message: 'name must be at most 100 characters' }],
    });
    renderForm(
      vi.fn(async () => {
        throw refused;
      }),
      formValuesOf(apiKey(), 'UTC'),
    );
    submit();
    await waitFor(() => expect(describedBy(screen.getByLabelText('Name'))).toBe('name must be at most 100 characters'));
  });

  it('fills in a key being edited', () => {
    renderForm(
      vi.fn(),
      formValuesOf(apiKey({ expiresAt: '2026-06-30T23:59:59.999Z', allowedIps: ['10.0.0.0/24', '::1'], rateLimitPerMinute: 60 }), 'UTC'),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Shop orders');
    expect((screen.getByLabelText('Send text (POST /api/send-text)') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Send media (POST /api/send-media)') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Expires on') as HTMLInputElement).value).toBe('2026-06-30');
    expect((screen.getByLabelText('Allowed IP ranges') as HTMLTextAreaElement).value).toBe('10.0.0.0/24\n::1');
    expect((screen.getByLabelText('Rate limit (calls per minute)') as HTMLInputElement).value).toBe('60');
  });
});
