import { createHmac, randomBytes } from 'node:crypto';

/** A subscription's signing secret, shown to the admin once: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** X-WAC-Signature-256: `sha256=` and the hex HMAC-SHA256 of the exact bytes sent, keyed with the secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
