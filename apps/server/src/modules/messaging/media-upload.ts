import { mediaKindOfMime, mediaSizeLimits, sendMediaFieldsSchema } from '@wac/contract/chat';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import type { IncomingFile } from '../../storage/incoming-file.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { checkUpload, receiveMultipart } from '../../storage/multipart-upload.ts';

export type OutboundMediaKind = 'image' | 'video' | 'audio' | 'document';

const documentTypes = [
  'text/plain',
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
const imageTypes = ['image/jpeg', 'image/png'];
const videoTypes = ['video/mp4', 'video/3gpp'];
const audioTypes = ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'];

/**
 * The file types the Cloud API takes for each kind of message. Its upload accepts only these (and
 * WebP stickers); any accepted file may go out as a document.
 */
const supportedTypes: Record<OutboundMediaKind, { types: string[]; described: string }> = {
  image: { types: imageTypes, described: 'images must be JPEG or PNG' },
  video: { types: videoTypes, described: 'videos must be MP4 or 3GPP' },
  audio: { types: audioTypes, described: 'audio must be AAC, AMR, MP3, MP4 audio or OGG (Opus)' },
  document: {
    types: [...documentTypes, ...imageTypes, 'image/webp', ...videoTypes, ...audioTypes],
    described: 'documents must be PDF, plain text, Word, Excel or PowerPoint files',
  },
};

const kindNames: Record<OutboundMediaKind, string> = { image: 'images', video: 'videos', audio: 'audio files', document: 'documents' };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

type ConsoleMediaFields = z.infer<typeof sendMediaFieldsSchema>;

export interface MediaUpload<Fields = ConsoleMediaFields> {
  fields: Fields;
  /** On disk, not yet kept: sendMedia keeps or discards it. */
  incoming: IncomingFile;
  /** Without parameters such as "; codecs=opus". */
  mimeType: string;
  filename: string;
  kind: OutboundMediaKind;
}

function fieldsOf<Fields>(schema: z.ZodType<Fields>, raw: Record<string, string>): Fields {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  const first = issues[0];
  throw badRequest(first ? `${first.message} (body ${first.field})` : 'Invalid fields', issues);
}

const mimeTypeOf = (header: string) => (header.split(';')[0] ?? '').trim().toLowerCase() || 'application/octet-stream';

// Only a name to show and to give Meta: no directories, no control characters.
const cleanFilename = (name: string | undefined) =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\p{Cc}/gu, '')
    .slice(0, 240) || 'file';

/** POST /api/agent/media: see readUpload. */
export const readMediaUpload = (request: FastifyRequest, storage: MediaStorage) => readUpload(request, storage, sendMediaFieldsSchema);

/**
 * Reads a media send into a temporary file of `storage`: the fields (as `fieldsSchema` takes them), and the file
 * checked against what Meta accepts for its kind (from `type`, else from the mime type as spec 5 says), all before
 * anything is kept or uploaded.
 */
export async function readUpload<Fields extends { type?: OutboundMediaKind }>(
  request: FastifyRequest,
  storage: MediaStorage,
  fieldsSchema: z.ZodType<Fields>,
): Promise<MediaUpload<Fields>> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file"');
  const upload = await receiveMultipart(request, storage, mediaSizeLimits.document);
  return checkUpload(storage, upload, ({ fields: raw, file }) => {
    const fields = fieldsOf(fieldsSchema, raw);
    if (!file) throw badRequest('file is required', [{ field: 'file', message: 'file is required' }]);
    const mimeType = mimeTypeOf(file.mimeType);
    const kind = fields.type ?? mediaKindOfMime(mimeType);
    const limit = mediaSizeLimits[kind];
    if (file.tooLarge || file.incoming.size > limit) {
      const tooLarge = `${kindNames[kind]} may be at most ${megabytes(limit)}`;
      throw badRequest(`File is too large: ${tooLarge}`, [{ field: 'file', message: tooLarge }]);
    }
    if (file.incoming.size === 0) throw badRequest('file is empty', [{ field: 'file', message: 'file is empty' }]);
    const supported = supportedTypes[kind];
    if (!supported.types.includes(mimeType)) {
      throw badRequest(`Unsupported file type ${mimeType}: ${supported.described}`, [{ field: 'file', message: supported.described }]);
    }
    return { fields, incoming: file.incoming, mimeType, filename: cleanFilename(file.filename), kind };
  });
}
