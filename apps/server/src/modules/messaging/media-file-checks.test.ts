import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Matches, storageExtension } from './media-file-checks.ts';

describe('sha256Matches', () => {
  const data = Buffer.from('a photo of a parcel');
  const digest = createHash('sha256').update(data).digest();

  it('accepts Meta’s hash hex- or base64-encoded, in any hex case', () => {
    expect(sha256Matches(data, digest.toString('hex'))).toBe(true);
    expect(sha256Matches(data, digest.toString('hex').toUpperCase())).toBe(true);
    expect(sha256Matches(data, digest.toString('base64'))).toBe(true);
  });

  it('refuses other bytes', () => {
    expect(sha256Matches(Buffer.from('another photo'), digest.toString('hex'))).toBe(false);
    expect(sha256Matches(Buffer.from('another photo'), digest.toString('base64'))).toBe(false);
  });
});

describe('storageExtension', () => {
  it('prefers the filename, then the mime subtype, and leaves out what is not a plain extension', () => {
    expect(storageExtension('Invoice.PDF', 'application/octet-stream')).toBe('pdf');
    expect(storageExtension(null, 'image/jpeg')).toBe('jpg');
    expect(storageExtension(null, 'audio/ogg; codecs=opus')).toBe('ogg');
    expect(storageExtension(null, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBeUndefined();
    expect(storageExtension(null, null)).toBeUndefined();
  });
});
