import { describe, expect, it } from 'vitest';
import { detectLicenseError, licenseErrorCodes, parseQuotaWarningHeader } from './license-errors.ts';

describe('detectLicenceError (spec 8)', () => {
  it.each(licenseErrorCodes)('recognises the known code %s', (code) => {
    expect(detectLicenseError({ error: 'Nope', code })).toMatchObject({ error: 'Nope', code });
  });

  it('recognises an error with quotaType or upgradeUrl whatever its code', () => {
    expect(detectLicenseError({ error: 'Too many', quotaType: 'users' })).toMatchObject({ error: 'Too many', quotaType: 'users' });
    expect(detectLicenseError({ error: 'Upgrade', code: 'PLAN_LIMIT', upgradeUrl: '/settings' })).toMatchObject({ code: 'PLAN_LIMIT' });
  });

  it('recognises a severity with a code', () => {
    expect(detectLicenseError({ severity: 'warning', code: 'SOMETHING_NEW', title: 'Heads up' })).toEqual({
      severity: 'warning',
      code: 'SOMETHING_NEW',
      title: 'Heads up',
      error: 'Heads up',
    });
  });

  it('never takes a body with a user or token for a licence error', () => {
    expect(detectLicenseError({ code: 'QUOTA_EXCEEDED', error: 'x', user: { id: 1 } })).toBeNull();
    expect(detectLicenseError({ code: 'LICENSE_EXPIRED', error: 'x', token: 'abc' })).toBeNull();
    expect(detectLicenseError({ error: 'x', quotaType: 'users', token: 'abc' })).toBeNull();
  });

  it.each([
    ['an ordinary error', { error: 'Username is already taken', code: 'CONFLICT' }],
    ['a validation error', { error: 'Bad', code: 'VALIDATION_ERROR', details: [] }],
    ['an error text alone', { error: 'Request failed' }],
    ['a severity without a code', { severity: 'error', error: 'x' }],
    ['a quotaType without an error', { quotaType: 'users' }],
    ['data', { users: [], pagination: {} }],
    ['a list', [{ code: 'QUOTA_EXCEEDED' }]],
    ['text', 'QUOTA_EXCEEDED'],
    ['nothing', null],
  ])('ignores %s', (_label, body) => {
    expect(detectLicenseError(body)).toBeNull();
  });

  it('always gives an error text, falling back to the message, the title, then spec 8 wording', () => {
    expect(detectLicenseError({ code: 'LICENSE_INVALID', message: 'From message' })?.error).toBe('From message');
    expect(detectLicenseError({ code: 'LICENSE_INVALID', title: 'From title' })?.error).toBe('From title');
    expect(detectLicenseError({ code: 'LICENSE_INVALID' })?.error).toBe('An error occurred');
  });

  it('keeps every field of the payload and drops an unknown severity', () => {
    const body = {
      error: 'Users quota exceeded',
      code: 'QUOTA_EXCEEDED',
      severity: 'loud',
      quotaType: 'users',
      quota: { used: 2, limit: 2, available: 0, requested: 1 },
      _license: { plan: 'basic', blockingLevel: 2, features: { analytics: true } },
    };
    const detected = detectLicenseError(body);
    expect(detected).toMatchObject({ ...body, severity: undefined });
  });
});

describe('parseQuotaWarningHeader', () => {
  it('reads a QUOTA_WARNING payload from the header', () => {
    const value = JSON.stringify({ error: 'Users at 80%', code: 'QUOTA_WARNING', severity: 'warning', quotaType: 'users' });
    expect(parseQuotaWarningHeader(value)).toMatchObject({ code: 'QUOTA_WARNING', quotaType: 'users' });
  });

  it('ignores an absent, malformed or unrelated header', () => {
    expect(parseQuotaWarningHeader(null)).toBeNull();
    expect(parseQuotaWarningHeader('')).toBeNull();
    expect(parseQuotaWarningHeader('{not json')).toBeNull();
    expect(parseQuotaWarningHeader('{"hello":"world"}')).toBeNull();
  });
});
