import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Only the server's user may read what people send: directories 0700, files 0600. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** An upload written to a temporary file, hashed on the way, not yet kept. */
export interface IncomingFile {
  path: string;
  size: number;
  sha256: string;
}

export const makePrivateDir = (dir: string) => mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });

/** Streams `source` to a new private file in `dir`; nothing is left behind when the stream fails. */
export async function writeIncomingFile(source: Readable, dir: string): Promise<IncomingFile> {
  await makePrivateDir(dir);
  const file = path.join(dir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}
