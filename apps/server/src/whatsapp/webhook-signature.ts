import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/** The X-Hub-Signature-256 value Meta sends: HMAC-SHA256 of the raw body with the app secret. */
export function signPayload(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Checks the header over the exact raw bytes, in constant time. */
export function verifySignature(rawBody: Buffer | string, header: string | undefined | null, appSecret: string): boolean {
  if (!header) return false;
  const match = HEADER_PATTERN.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
