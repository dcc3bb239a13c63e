import { createWriteStream } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { MANIFEST, type Manifest } from '../archive-format.ts';
import { archiveEntries } from '../archive-reader.ts';

/** The manifest of an archive, read without checking anything else. */
export async function readManifest(file: string): Promise<Manifest> {
  for await (const entry of archiveEntries(file)) {
    const data = await buffer(entry);
    if (entry.header.name === MANIFEST) return JSON.parse(data.toString('utf8')) as Manifest;
  }
  throw new Error(`${file} has no manifest`);
}

/** A copy of an archive with each entry's bytes passed through `change` (null leaves the entry out), checksums untouched. */
export async function rewriteArchive(from: string, to: string, change: (name: string, data: Buffer) => Buffer | null): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(to));
  for await (const entry of archiveEntries(from)) {
    const data = change(entry.header.name, await buffer(entry));
    if (data)
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.header.name, size: data.length }, data, (e) => (e ? reject(e) : resolve())),
      );
  }
  pack.finalize();
  await written;
}
