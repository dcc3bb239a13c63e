import { createHash } from 'node:crypto';

/** Meta's media hash has been seen both hex- and base64-encoded; either form is checked against the bytes. */
export function sha256Matches(data: Buffer, expected: string): boolean {
  const digest = createHash('sha256').update(data).digest();
  const given = expected.trim();
  return /^[0-9a-f]{64}$/i.test(given) ? digest.toString('hex') === given.toLowerCase() : digest.toString('base64') === given;
}

const SUBTYPE_EXTENSIONS: Record<string, string> = { jpeg: 'jpg', 'svg+xml': 'svg', quicktime: 'mov', mpeg: 'mp3', plain: 'txt' };

/** A file extension for the stored copy: the customer's filename when it has one, else the mime subtype. */
export function storageExtension(filename: string | null, mimeType: string | null): string | undefined {
  const fromName = filename?.match(/\.([a-z0-9]{1,8})$/i)?.[1];
  if (fromName) return fromName.toLowerCase();
  const subtype = mimeType?.split(';')[0]?.split('/')[1]?.trim().toLowerCase();
  if (!subtype) return undefined;
  return SUBTYPE_EXTENSIONS[subtype] ?? (/^[a-z0-9]{1,8}$/.test(subtype) ? subtype : undefined);
}
