import { describe, expect, it } from 'vitest';
import { createMediaLinks } from './media-links.ts';

describe('signed media links', () => {
  const now = Date.UTC(2026, 10, 23, 10, 15);
  const links = createMediaLinks('secret', () => now);
  const parse = (url: string) => {
    const q = new URL(url, 'http://x').searchParams;
    return { expires: Number(q.get('expires')), signature: q.get('signature') ?? '' };
  };

  it('verifies its own links until they expire, at least 24 hours ahead', () => {
    const { expires, signature } = parse(links.url(7));
    expect(expires - now).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(links.verify(7, expires, signature)).toBe(true);
    expect(links.verify(7, expires, signature, expires + 1)).toBe(false);
  });

  it('refuses another file, a changed expiry, another secret and malformed signatures', () => {
    const { expires, signature } = parse(links.url(7, { download: true }));
    expect(links.verify(8, expires, signature)).toBe(false);
    expect(links.verify(7, expires + 3_600_000, signature)).toBe(false);
    expect(createMediaLinks('other', () => now).verify(7, expires, signature)).toBe(false);
    expect(links.verify(7, expires, 'abc')).toBe(false);
  });

  it('gives the same link within the hour so browsers can cache it', () => {
    const later = createMediaLinks('secret', () => now + 10 * 60_000);
    expect(later.url(7)).toBe(links.url(7));
  });
});
