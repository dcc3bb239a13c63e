import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import type { IncomingFile } from '../../storage/incoming-file.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { checkUpload, receiveMultipart } from '../../storage/multipart-upload.ts';
import { ContactImportError, type ContactMapping, previewCsv } from './contact-import.ts';

/** 100,000 rows of a phone, a name and a few variables are about 10 MB. */
export const CONTACTS_FILE_MAX_BYTES = 20 * 1024 * 1024;

const column = z.string().trim().min(1).max(200);
const mappingSchema = z.object({
  phone: column,
  name: column.optional(),
  variables: z.record(z.string().trim().min(1).max(60), column).optional(),
});

function mappingOf(raw: string | undefined): ContactMapping | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('mapping must be JSON such as {"phone":"Mobile","name":"Name","variables":{"order":"Order no"}}');
  }
  const result = mappingSchema.safeParse(parsed);
  if (!result.success) throw badRequest(`mapping: ${result.error.issues[0]?.message ?? 'invalid'}`, result.error.issues);
  return result.data;
}

/** POST /campaigns/{id}/contacts/upload: the CSV to a temporary file (the caller reads and discards it) and its mapping. */
export async function readContactsUpload(
  request: FastifyRequest,
  uploads: MediaStorage,
): Promise<{ file: IncomingFile; mapping?: ContactMapping }> {
  if (!request.isMultipart()) throw badRequest('Send the CSV as multipart/form-data in the field "file"');
  const upload = await receiveMultipart(request, uploads, CONTACTS_FILE_MAX_BYTES);
  return checkUpload(uploads, upload, ({ fields, file }) => {
    if (!file) throw badRequest('file is required', [{ field: 'file', message: 'file is required' }]);
    if (file.tooLarge)
      throw badRequest(`The file is larger than ${CONTACTS_FILE_MAX_BYTES / 1024 / 1024} MB; split it into several uploads`);
    if (file.incoming.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'file is empty' }]);
    return { file: file.incoming, mapping: mappingOf(fields.mapping) };
  });
}

/** What the console's mapping step shows: only the start of a file is read, so only its start need be sent. */
export const PREVIEW_MAX_BYTES = 64 * 1024;

/** POST /api/campaign/contacts/preview: the header, a few rows and a suggested mapping. */
export async function previewContactsUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the CSV as multipart/form-data in the field "file"');
  const part = await request.file({ limits: { fileSize: PREVIEW_MAX_BYTES }, throwFileSizeLimit: false });
  if (!part) throw badRequest('file is required', [{ field: 'file', message: 'file is required' }]);
  const head = await part.toBuffer();
  // A longer file is cut at the limit: its last line may be partial, so it is left out of the sample.
  const text = part.file.truncated ? head.subarray(0, head.lastIndexOf(10) + 1) : head;
  try {
    return await previewCsv(text);
  } catch (err) {
    if (err instanceof ContactImportError) throw badRequest(err.message);
    throw err;
  }
}
