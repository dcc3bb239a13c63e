import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { mediaFiles } from '../../../db/schema.ts';

export interface UploadedMedia {
  id: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
}

/** Uploads a file a simulated customer will send, through the sandbox's control route. */
export async function uploadSandboxMedia(baseUrl: string, token: string, bytes: Buffer, mimeType: string, filename: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const res = await fetch(`${baseUrl}/sandbox/control/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`sandbox upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadedMedia;
}

/** A customer sends an uploaded file: the sandbox posts the signed webhook and answers with its wamid. */
export async function sendAsCustomer(baseUrl: string, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/control/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`sandbox inbound failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { wamid: string }).wamid;
}

export async function mediaFileOfMessage(db: Db, messageId: number) {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.messageId, messageId));
  return row;
}
