import { createHmac, randomBytes } from 'node:crypto';

/** A subscription's signing secret, shown to the admin once: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** X-WAC-Signature-256 (deprecated): `sha256=` and the hex HMAC-SHA256 of the exact bytes sent, keyed with the secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * X-WAC-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as payment providers sign, made at each
 * attempt so a retry carries its own time and a receiver can refuse an old one replayed.
 */
export function timestampedSignatureOf(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}
