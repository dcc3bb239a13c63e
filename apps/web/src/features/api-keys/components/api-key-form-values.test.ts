import { API_KEY_DEFAULT_RATE_LIMIT } from '@wac/contract/api-keys';
import { describe, expect, it } from 'vitest';
import { apiKeyBodyOf, dayOfExpiry, emptyApiKeyForm, expiryOfDay } from './api-key-form-values';

describe('API key form values', () => {
  it('reads an expiry day as the end of that day in the app timezone, and back', () => {
    expect(expiryOfDay('2026-06-30', 'UTC')).toBe('2026-06-30T23:59:59.999Z');
    expect(expiryOfDay('2026-06-30', 'Europe/Paris')).toBe('2026-06-30T21:59:59.999Z');
    expect(dayOfExpiry('2026-06-30T21:59:59.999Z', 'Europe/Paris')).toBe('2026-06-30');
    expect(dayOfExpiry('2026-06-30T21:59:59.999Z', 'UTC')).toBe('2026-06-30');
  });

  it('refuses an expiry day in the past but takes today', () => {
    const base = { ...emptyApiKeyForm, name: 'Shop', scopes: ['send:text' as const] };
    const now = new Date('2026-05-10T12:00:00.000Z');
    expect(apiKeyBodyOf({ ...base, expiresAt: '2026-05-09' }, 'UTC', '', now).errors.expiresAt).toBe(
      'The expiry day must be today or later',
    );
    expect(apiKeyBodyOf({ ...base, expiresAt: '2026-05-10' }, 'UTC', '', now).errors).toEqual({});
  });

  it('leaves an unchanged expiry out, so an expired key can be renamed, and clears a removed one', () => {
    const base = { ...emptyApiKeyForm, name: 'Shop', scopes: ['send:text' as const] };
    const now = new Date('2026-05-10T12:00:00.000Z');
    const kept = apiKeyBodyOf({ ...base, expiresAt: '2026-05-01' }, 'UTC', '2026-05-01', now);
    expect(kept.errors).toEqual({});
    expect(kept.body).not.toHaveProperty('expiresAt');
    expect(apiKeyBodyOf(base, 'UTC', '2026-05-01', now).body.expiresAt).toBeNull();
  });

  it('starts a new key at the default per-minute limit, with no expiry and no ranges', () => {
    const { body, errors } = apiKeyBodyOf({ ...emptyApiKeyForm, name: 'Shop', scopes: ['send:media'] }, 'UTC');
    expect(errors).toEqual({});
    expect(body).toEqual({ name: 'Shop', scopes: ['send:media'], allowedIps: [], rateLimitPerMinute: API_KEY_DEFAULT_RATE_LIMIT });
  });

  it('sends no rate limit when the field is cleared', () => {
    const { body } = apiKeyBodyOf({ ...emptyApiKeyForm, name: 'Shop', scopes: ['send:media'], rateLimitPerMinute: '' }, 'UTC');
    expect(body.rateLimitPerMinute).toBeNull();
  });

  it('refuses more ranges than a key may hold', () => {
    const many = Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`).join('\n');
    expect(apiKeyBodyOf({ ...emptyApiKeyForm, allowedIps: many }, 'UTC').errors.allowedIps).toBe('At most 50 ranges');
  });
});
