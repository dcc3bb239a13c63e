import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './webhook-signature.ts';

const secret = 'app-secret';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe('webhook signature', () => {
  it('signs as sha256=<hex> and verifies its own signature', () => {
    const header = signPayload(body, secret);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(body, header, secret)).toBe(true);
    expect(verifySignature(body.toString(), header.toUpperCase().replace('SHA256', 'sha256'), secret)).toBe(true);
  });

  it('rejects a tampered body or another secret', () => {
    const header = signPayload(body, secret);
    expect(verifySignature(Buffer.from(`${body.toString()} `), header, secret)).toBe(false);
    expect(verifySignature(body, header, 'other-secret')).toBe(false);
  });

  it.each([undefined, null, '', 'sha256=', 'sha1=abc', 'sha256=zz', `sha256=${'a'.repeat(63)}`, `sha256=${'a'.repeat(66)}`])(
    'rejects a missing or malformed header %s',
    (header) => {
      expect(verifySignature(body, header, secret)).toBe(false);
    },
  );
});
