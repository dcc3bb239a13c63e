import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from './media-storage.ts';

describe('media storage', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'media-storage-'));
  const storage = createMediaStorage(dir);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('saves bytes under media_storage with their size and sha256, and reads them back', async () => {
    const stored = await storage.save(Buffer.from('hello'), 'TXT');
    expect(stored.key).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}\.txt$/);
    expect(stored.size).toBe(5);
    expect(stored.sha256).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(await text(storage.open(stored.key))).toBe('hello');
    expect(await storage.size(stored.key)).toBe(5);
    await storage.remove(stored.key);
    expect(await storage.size(stored.key)).toBeNull();
  });

  it('drops extensions that could be paths and refuses keys it did not make', async () => {
    const stored = await storage.save(Buffer.from('x'), '../../etc');
    expect(stored.key).not.toContain('..');
    expect(() => storage.open('../../etc/passwd')).toThrow(/invalid media storage key/);
  });
});
