import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { IncomingFile } from './incoming-file.ts';

/** Where an upload streams to before it is checked: a store's temporary files. */
export interface FileReceiver {
  receive(source: Readable): Promise<IncomingFile>;
  discard(incoming: IncomingFile): Promise<void>;
}

export interface ReceivedFile {
  incoming: IncomingFile;
  /** As the sender declared them, unchecked. */
  mimeType: string;
  filename: string;
  /** The file went past the limit and was cut there: refuse it. */
  tooLarge: boolean;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  /** The first part named `file`, on disk; the caller keeps or discards it. */
  file: ReceivedFile | null;
}

const isTooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a multipart form, streaming its part `file` to a temporary file of `into` (other files are
 * drained). A file past `maxBytes` is cut there and flagged, so the caller can name the limit it broke.
 */
export async function receiveMultipart(request: FastifyRequest, into: FileReceiver, maxBytes: number): Promise<MultipartUpload> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file' || file) {
        part.file.resume();
      } else {
        const incoming = await into.receive(part.file);
        file = { incoming, mimeType: part.mimetype, filename: part.filename, tooLarge: part.file.truncated };
      }
    }
  } catch (err) {
    // The parser reports a cut file once more when the form ends.
    if (!(file?.tooLarge && isTooLarge(err))) {
      if (file) await into.discard(file.incoming);
      throw err;
    }
  }
  return { fields, file };
}

/** Runs the caller's checks on a received upload; the file is removed when they refuse it. */
export async function checkUpload<T>(into: FileReceiver, upload: MultipartUpload, check: (upload: MultipartUpload) => T): Promise<T> {
  try {
    return check(upload);
  } catch (err) {
    if (upload.file) await into.discard(upload.file.incoming);
    throw err;
  }
}
