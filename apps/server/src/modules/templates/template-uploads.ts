import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { User } from '@wac/contract/auth';
import { headerFormatOfMime, headerMediaRules, type MediaHeaderFormat, type TemplateUpload } from '@wac/contract/templates';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/app-error.ts';
import type { IncomingFile } from '../../storage/incoming-file.ts';
import type { MediaStorage, StoredFile } from '../../storage/media-storage.ts';
import { checkUpload, receiveMultipart } from '../../storage/multipart-upload.ts';
import { atMeta, type TemplateDeps, type TemplatePartsDeps } from './template-deps.ts';
import { insertUpload, recordUploadMetaMedia, type TemplateUploadRow } from './templates.repository.ts';

// Meta keeps uploaded media for 30 days; a day's margin so an id never expires between check and send.
const META_MEDIA_LIFETIME_MS = 29 * 24 * 3_600_000;
const LARGEST = Math.max(...Object.values(headerMediaRules).map((r) => r.maxBytes));

export interface HeaderFile {
  /** On disk in the uploads store, not yet kept: saveHeaderFile keeps it, uploadHeaderSample discards it. */
  incoming: IncomingFile;
  mimeType: string;
  filename: string;
  format: MediaHeaderFormat;
}

const fileIssue = (message: string) => badRequest(`file: ${message}`, [{ field: 'file', message }]);
const supported = Object.entries(headerMediaRules)
  .map(([format, rule]) => `${format.toLowerCase()} (${rule.described})`)
  .join(', ');

/** The multipart field `file`, streamed into a temporary file of `uploads` and checked against what Meta takes as header media. */
export async function readHeaderFile(request: FastifyRequest, uploads: MediaStorage): Promise<HeaderFile> {
  if (!request.isMultipart()) throw fileIssue('send the file as multipart/form-data in the field "file"');
  const upload = await receiveMultipart(request, uploads, LARGEST + 1);
  return checkUpload(uploads, upload, ({ file }) => {
    if (!file) throw fileIssue('file is required');
    if (file.incoming.size === 0) throw fileIssue('file is empty');
    const mimeType = (file.mimeType.split(';')[0] ?? '').trim().toLowerCase();
    const format = headerFormatOfMime(mimeType);
    if (!format) throw fileIssue(`${mimeType} cannot be a template header: use ${supported}`);
    const rule = headerMediaRules[format];
    if (file.tooLarge || file.incoming.size > rule.maxBytes)
      throw fileIssue(`too large: a ${format.toLowerCase()} header must be ${rule.described}`);
    const filename =
      path
        .basename(file.filename || 'file')
        .replace(/\p{Cc}/gu, '')
        .slice(0, 240) || 'file';
    return { incoming: file.incoming, mimeType, filename, format };
  });
}

export function toTemplateUpload(row: TemplateUploadRow): TemplateUpload {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mimeType,
    size: row.size,
    format: row.format,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /api/templates/upload-file: kept under DATA_DIR/uploads (counted against the storage quota) to send later. */
export async function saveHeaderFile(deps: TemplateDeps, actor: User, file: HeaderFile): Promise<TemplateUpload> {
  let stored: StoredFile | undefined;
  try {
    await deps.license.assertStorageAvailable(file.incoming.size);
    stored = await deps.uploads.keep(file.incoming, path.extname(file.filename));
    const saved = stored;
    const row = await deps.db.transaction((tx) =>
      insertUpload(tx, {
        id: randomUUID(),
        filename: file.filename,
        mimeType: file.mimeType,
        format: file.format,
        size: saved.size,
        sha256: saved.sha256,
        storageKey: saved.key,
        createdBy: actor.id,
      }),
    );
    return toTemplateUpload(row);
  } catch (err) {
    if (stored) await deps.uploads.remove(stored.key);
    else await deps.uploads.discard(file.incoming);
    throw err;
  }
}

/** POST /api/templates/upload-media: a header sample through Meta's resumable upload; the handle goes into example.header_handle. */
export async function uploadHeaderSample(deps: TemplateDeps, file: HeaderFile) {
  try {
    const bytes = await readFile(file.incoming.path);
    const { handle } = await atMeta('take the sample file', () => deps.client.uploadTemplateSample(bytes, file.mimeType, file.filename));
    return { handle, filename: file.filename, mimeType: file.mimeType, size: file.incoming.size, format: file.format };
  } finally {
    await deps.uploads.discard(file.incoming);
  }
}

/** Meta's media id for a kept upload: the one from an earlier send while still valid, else uploaded again. */
export async function metaMediaIdOf(deps: TemplatePartsDeps, upload: TemplateUploadRow): Promise<string> {
  if (upload.metaMediaId && upload.metaMediaAt && Date.now() - upload.metaMediaAt.getTime() < META_MEDIA_LIFETIME_MS) {
    return upload.metaMediaId;
  }
  const bytes = Buffer.concat(await deps.uploads.open(upload.storageKey).toArray());
  const { id } = await deps.client.uploadMedia(bytes, upload.mimeType, upload.filename);
  await recordUploadMetaMedia(deps.db, upload.id, id);
  return id;
}
