import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createMediaLinks, loadMediaLinks } from './media-links.ts';

const parse = (url: string) => {
  const q = new URL(url, 'http://x').searchParams;
  return { expires: Number(q.get('expires')), signature: q.get('signature') ?? '' };
};

describe('signed media links', () => {
  const now = Date.UTC(2026, 10, 23, 10, 15);
  const links = createMediaLinks('secret', () => now);

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

describe('the signing secret at rest', () => {
  const database = freshDatabaseForFile();
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wac-media-links-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const stored = async (): Promise<string> =>
    (await database.pool.query("SELECT value FROM settings WHERE key = 'internal.media_link_secret'")).rows[0].value;
  const store = (value: string) =>
    database.pool.query("UPDATE settings SET value = $1 WHERE key = 'internal.media_link_secret'", [JSON.stringify(value)]);

  it('is created sealed, and links verify across a reload', async () => {
    const first = await loadMediaLinks(database.db, createSecretBox(dataDir));
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    const { expires, signature } = parse(first.url(7));
    const reloaded = await loadMediaLinks(database.db, createSecretBox(dataDir));
    expect(reloaded.verify(7, expires, signature)).toBe(true);
    expect(await stored()).toBe(sealed);
  });

  it('keeps a secret saved in clear, so links signed with it stay valid, and seals it in place', async () => {
    const plain = 'ab'.repeat(32);
    await store(plain);
    const { expires, signature } = parse(createMediaLinks(plain).url(7));
    const secrets = createSecretBox(dataDir);
    expect((await loadMediaLinks(database.db, secrets)).verify(7, expires, signature)).toBe(true);
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(plain);
    expect(secrets.open(sealed)).toBe(plain);
    expect((await loadMediaLinks(database.db, createSecretBox(dataDir))).verify(7, expires, signature)).toBe(true);
  });

  it('replaces a secret sealed with a key this server does not have', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'wac-media-links-other-'));
    try {
      await store(createSecretBox(otherDir).seal('cd'.repeat(32)));
      const links = await loadMediaLinks(database.db, createSecretBox(dataDir));
      const secret = createSecretBox(dataDir).open(await stored());
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(secret).not.toBe('cd'.repeat(32));
      const { expires, signature } = parse(links.url(7));
      expect((await loadMediaLinks(database.db, createSecretBox(dataDir))).verify(7, expires, signature)).toBe(true);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});
