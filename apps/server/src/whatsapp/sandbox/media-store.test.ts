import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxMediaStore, SandboxRefusal } from './media-store.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-media-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const limits = { totalBytes: 10, files: 3 };
const bytes = (s: string) => Readable.from([Buffer.from(s)]);

describe('sandbox media store', () => {
  it('keeps uploads under Graph media ids, readable by the server’s user only', async () => {
    const store = createSandboxMediaStore(dataDir, limits);
    const media = await store.keep(await store.receive(bytes('photo')), 'image/png', 'box.png');
    expect(media).toMatchObject({ id: expect.stringMatching(/^\d{16}$/), mimeType: 'image/png', fileSize: 5, filename: 'box.png' });
    expect(await store.find(media.id)).toEqual(media);
    expect(await text(store.open(media.id))).toBe('photo');
    const dir = path.join(dataDir, 'sandbox-media');
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const file of [media.id, `${media.id}.json`]) expect((await stat(path.join(dir, file))).mode & 0o777).toBe(0o600);
  });

  it('counts what it holds, earlier runs included, and refuses past its total with a clear 413', async () => {
    const earlier = createSandboxMediaStore(dataDir, limits);
    await earlier.keep(await earlier.receive(bytes('123456')), 'a/b', 'a');
    const store = createSandboxMediaStore(dataDir, limits);
    await store.keep(await store.receive(bytes('1234')), 'a/b', 'b');
    const refused = store.keep(await store.receive(bytes('1')), 'a/b', 'c');
    await expect(refused).rejects.toBeInstanceOf(SandboxRefusal);
    await expect(refused).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining('sandbox media store is full') });
    expect(await readdir(path.join(dataDir, 'sandbox-media', '.incoming'))).toEqual([]);
  });

  it('refuses past its number of files', async () => {
    const store = createSandboxMediaStore(dataDir, { ...limits, totalBytes: 1000 });
    for (const name of ['a', 'b', 'c']) await store.keep(await store.receive(bytes(name)), 'a/b', name);
    await expect(store.keep(await store.receive(bytes('d')), 'a/b', 'd')).rejects.toMatchObject({ statusCode: 413 });
  });

  it('lets parallel uploads share the last room, never exceed it', async () => {
    const store = createSandboxMediaStore(dataDir, { ...limits, files: 100 });
    const received = await Promise.all(['12345', '12345', '12345'].map((s) => store.receive(bytes(s))));
    const outcomes = await Promise.allSettled(received.map((file, i) => store.keep(file, 'a/b', `f${i}`)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
  });
});
