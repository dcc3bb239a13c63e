import { createHmac, timingSafeEqual } from 'node:crypto';
import { type LicenseKeyPayload, licenseKeyPayloadSchema } from '@wac/contract/license';

export type KeyVerification = { ok: true; payload: LicenseKeyPayload } | { ok: false; reason: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function signature(encodedPayload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(encodedPayload).digest();
}

/** DESIGN.md "Licence keys": base64url(payload JSON) + "." + base64url(HMAC-SHA256(secret, base64url(payload))). */
export function signLicenseKey(payload: LicenseKeyPayload, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signature(encoded, secret).toString('base64url')}`;
}

/**
 * Checks the signature in constant time, then the payload against the contract. Says why a key is
 * refused in words an admin can act on; whether it has expired or is suspended is the caller's call.
 */
export function verifyLicenseKey(key: string, secret: string | undefined): KeyVerification {
  if (!secret) {
    return { ok: false, reason: 'No HMAC secret to verify the key with: give the secret with the key or set LICENSE_HMAC_SECRET' };
  }
  const parts = key.trim().split('.');
  const [encoded, signed] = parts;
  if (parts.length !== 2 || !encoded || !signed || !BASE64URL.test(encoded) || !BASE64URL.test(signed)) {
    return { ok: false, reason: 'This is not a licence key: expected two base64url parts joined by a dot' };
  }
  const expected = signature(encoded, secret);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'The licence key signature does not match: the key was altered or cut short, or the secret is wrong' };
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'The licence key payload is not JSON' };
  }
  const parsed = licenseKeyPayloadSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, reason: `The licence key payload is invalid (${where}${issue?.message ?? 'unexpected shape'})` };
  }
  return { ok: true, payload: parsed.data };
}
