import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from './media-storage.ts';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('media storage', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'media-storage-'));
  const storage = createMediaStorage(dir);
  const root = path.join(dir, 'media_storage');
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

  it('streams an upload to a temporary file, hashed on the way, and keeps it by a rename', async () => {
    const chunks = [Buffer.from('hel'), Buffer.from('lo')];
    const incoming = await storage.receive(Readable.from(chunks));
    expect(incoming).toMatchObject({ size: 5, sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824' });
    expect(path.dirname(incoming.path)).toBe(path.join(root, '.incoming'));
    const stored = await storage.keep(incoming, '.png');
    expect(stored).toMatchObject({ key: expect.stringMatching(/\.png$/), size: 5, sha256: incoming.sha256 });
    expect(await text(storage.open(stored.key))).toBe('hello');
    expect(await readdir(path.join(root, '.incoming'))).toEqual([]);
    await storage.discard(incoming);
    expect(await storage.size(stored.key)).toBe(5);
  });

  it('removes a received file that is not kept, and leaves nothing behind when the upload breaks off', async () => {
    await storage.discard(await storage.receive(Readable.from([Buffer.from('unwanted')])));
    let reads = 0;
    const broken = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push('half a file');
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.receive(broken)).rejects.toThrow('client went away');
    expect(await readdir(path.join(root, '.incoming'))).toEqual([]);
  });

  it('lets only the server’s user read what it keeps: files 0600, folders 0700', async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'media-modes-'));
    try {
      const own = createMediaStorage(fresh, 'uploads');
      const uploads = path.join(fresh, 'uploads');
      const saved = await own.save(Buffer.from('a'), 'txt');
      expect(await modeOf(path.join(uploads, saved.key))).toBe(0o600);
      for (const folder of [uploads, path.join(uploads, saved.key.split('/')[0] ?? '')]) expect(await modeOf(folder)).toBe(0o700);
      const kept = await own.keep(await own.receive(Readable.from([Buffer.from('b')])), 'txt');
      expect(await modeOf(path.join(uploads, kept.key))).toBe(0o600);
      expect(await modeOf(path.join(uploads, '.incoming'))).toBe(0o700);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
