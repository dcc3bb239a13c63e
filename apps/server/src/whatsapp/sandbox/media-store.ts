import { randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type IncomingFile, PRIVATE_FILE_MODE, writeIncomingFile } from '../../storage/incoming-file.ts';
import { checkUpload, receiveMultipart } from '../../storage/multipart-upload.ts';

export interface StoredMedia {
  id: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
  filename: string;
}

const ID_PATTERN = /^\d{15,20}$/;
const MB = 1024 * 1024;

/** What the sandbox holds at most: it is for trying the product, not a file host. */
export const sandboxMediaLimits = { fileBytes: 100 * MB, totalBytes: 500 * MB, files: 5000 };

/** A refusal that both the app's and the Graph imitation's error handlers answer as a client error. */
export class SandboxRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Uploaded sandbox media on disk under DATA_DIR/sandbox-media: the bytes plus a small JSON sidecar, counted. */
export function createSandboxMediaStore(
  dataDir: string,
  limits: Pick<typeof sandboxMediaLimits, 'totalBytes' | 'files'> = sandboxMediaLimits,
) {
  const dir = path.join(dataDir, 'sandbox-media');
  const fileOf = (id: string) => path.join(dir, id);
  let held: Promise<{ bytes: number; files: number }> | undefined;

  /** What earlier runs left, counted once; kept up to date in memory from then on. */
  async function countHeld() {
    const names = await readdir(dir).catch(() => []);
    const sizes = await Promise.all(names.filter((n) => ID_PATTERN.test(n)).map(async (n) => (await stat(fileOf(n))).size));
    return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
  }

  return {
    receive: (source: Readable) => writeIncomingFile(source, path.join(dir, '.incoming')),

    async discard(incoming: IncomingFile): Promise<void> {
      await rm(incoming.path, { force: true });
    },

    /** Keeps a received file under a new Graph media id, unless the sandbox is full. */
    async keep(incoming: IncomingFile, mimeType: string, filename: string): Promise<StoredMedia> {
      held ??= countHeld();
      const total = await held;
      // Checked and counted with no await between, so parallel uploads cannot both squeeze in.
      if (total.bytes + incoming.size > limits.totalBytes || total.files + 1 > limits.files) {
        await rm(incoming.path, { force: true });
        throw new SandboxRefusal(
          413,
          `The sandbox media store is full (${limits.files} files or ${limits.totalBytes / MB} MB at most): delete DATA_DIR/sandbox-media and restart to start afresh`,
        );
      }
      total.bytes += incoming.size;
      total.files += 1;
      // Graph media ids are long decimal numbers.
      const id = `${randomInt(100_000, 1_000_000)}${randomInt(1_000_000_000, 10_000_000_000)}`;
      const media: StoredMedia = { id, mimeType, sha256: incoming.sha256, fileSize: incoming.size, filename };
      await rename(incoming.path, fileOf(id));
      await writeFile(`${fileOf(id)}.json`, JSON.stringify(media), { mode: PRIVATE_FILE_MODE });
      return media;
    },

    async find(id: string): Promise<StoredMedia | undefined> {
      if (!ID_PATTERN.test(id)) return undefined;
      try {
        return JSON.parse(await readFile(`${fileOf(id)}.json`, 'utf8')) as StoredMedia;
      } catch {
        return undefined;
      }
    },

    /** Found ids only: the bytes as a stream. */
    open: (id: string) => createReadStream(fileOf(id)),
  };
}

export type SandboxMediaStore = ReturnType<typeof createSandboxMediaStore>;

/**
 * The multipart part `file` of an upload to the sandbox, streamed to disk and checked (`checkFields`
 * looks at the other fields); not yet kept. Refusals are SandboxRefusals.
 */
export async function receiveSandboxUpload(
  request: FastifyRequest,
  media: SandboxMediaStore,
  checkFields = (_: Record<string, string>) => {},
) {
  if (!request.isMultipart()) throw new SandboxRefusal(400, 'Send the file as multipart/form-data in the field "file"');
  const upload = await receiveMultipart(request, media, sandboxMediaLimits.fileBytes);
  return checkUpload(media, upload, ({ fields, file }) => {
    checkFields(fields);
    if (!file) throw new SandboxRefusal(400, 'file is required');
    if (file.tooLarge)
      throw new SandboxRefusal(413, `file is too large: the sandbox takes files up to ${sandboxMediaLimits.fileBytes / MB} MB`);
    if (file.incoming.size === 0) throw new SandboxRefusal(400, 'file is empty');
    return { fields, file };
  });
}
