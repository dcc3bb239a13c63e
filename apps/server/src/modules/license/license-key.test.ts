import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signLicenseKey, verifyLicenseKey } from './license-key.ts';
import { mintKey, signRaw, TEST_SECRET } from './test/mint-key.ts';

const payload = {
  licenseId: 'lic-1',
  customer: 'Acme',
  plan: 'professional' as const,
  issuedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  quotas: { users: 7 },
};

function refused(key: string, secret: string | undefined = TEST_SECRET): string {
  const result = verifyLicenseKey(key, secret);
  if (result.ok) throw new Error('expected the key to be refused');
  return result.reason;
}

describe('licence keys (DESIGN.md "Licence keys")', () => {
  it('is base64url(payload) "." base64url(HMAC-SHA256(secret, base64url(payload)))', () => {
    const key = signLicenseKey(payload, TEST_SECRET);
    const [encoded, signature] = key.split('.');
    expect(JSON.parse(Buffer.from(encoded as string, 'base64url').toString())).toEqual(payload);
    expect(signature).toBe(
      createHmac('sha256', TEST_SECRET)
        .update(encoded as string)
        .digest('base64url'),
    );
  });

  it('verifies a key signed with the same secret and returns its payload', () => {
    expect(verifyLicenseKey(signLicenseKey(payload, TEST_SECRET), TEST_SECRET)).toEqual({ ok: true, payload });
    expect(verifyLicenseKey(`  ${signLicenseKey(payload, TEST_SECRET)}\n`, TEST_SECRET).ok).toBe(true);
  });

  it('refuses a key re-signed with another secret, or checked with the wrong one', () => {
    expect(refused(signLicenseKey(payload, 'someone-elses-secret'))).toContain('signature does not match');
    expect(refused(mintKey(), 'wrong-secret')).toContain('signature does not match');
  });

  it('refuses a tampered payload: a richer plan spliced onto the old signature', () => {
    const [, signature] = mintKey({ plan: 'basic' }).split('.');
    const richer = Buffer.from(JSON.stringify({ ...payload, plan: 'enterprise' })).toString('base64url');
    expect(refused(`${richer}.${signature}`)).toContain('signature does not match');
  });

  it('refuses a truncated key', () => {
    const key = mintKey();
    expect(refused(key.slice(0, -5))).toContain('signature does not match');
    expect(refused(key.slice(0, key.indexOf('.')))).toContain('not a licence key');
    expect(refused(key.slice(0, key.indexOf('.') + 1))).toContain('not a licence key');
  });

  it.each([['garbage'], ['a.b.c'], ['not base64!.sig'], [''], ['.'], ['ééé.ààà']])('refuses garbage %j', (key) => {
    expect(refused(key)).toContain('not a licence key');
  });

  it('refuses a well-signed payload that is not JSON or breaks the contract, naming the problem', () => {
    const notJson = `${Buffer.from('{oops').toString('base64url')}`;
    const sig = createHmac('sha256', TEST_SECRET).update(notJson).digest('base64url');
    expect(refused(`${notJson}.${sig}`)).toBe('The licence key payload is not JSON');
    expect(refused(signRaw({ ...payload, quotas: { users: -3 } }))).toBe(
      'The licence key payload is invalid (quotas.users: quota users must not be negative)',
    );
    expect(refused(signRaw({ ...payload, quotas: { users: null } }))).toContain('quotas.users: quota users must be a number');
    expect(refused(signRaw({ ...payload, plan: 'platinum' }))).toContain('plan: plan must be one of');
    expect(refused(signRaw({ customer: 'x' }))).toContain('licenseId');
    expect(refused(signRaw([1, 2]))).toContain('invalid');
  });

  it('needs a secret', () => {
    expect(verifyLicenseKey(mintKey(), undefined)).toEqual({ ok: false, reason: expect.stringContaining('No HMAC secret') });
    expect(refused(mintKey(), '')).toContain('No HMAC secret');
  });

  it('leaves expiry and suspension to the caller: they verify', () => {
    expect(verifyLicenseKey(mintKey({ days: -3 }), TEST_SECRET).ok).toBe(true);
    expect(verifyLicenseKey(mintKey({ suspended: true }), TEST_SECRET).ok).toBe(true);
  });
});
