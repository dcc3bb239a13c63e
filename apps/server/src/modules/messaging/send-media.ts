import path from 'node:path';
import type { ChatMessage } from '@wac/contract/chat';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { StoredFile } from '../../storage/media-storage.ts';
import { deliverAgentMessage, openConversation, takeOverOnSend } from './agent-sends.ts';
import type { MediaFileRow } from './chat-media.ts';
import { recordMetaMediaId, setMessageContent } from './conversations.repository.ts';
import { insertOutboundMedia } from './media-files.repository.ts';
import type { MediaUpload, OutboundMediaKind } from './media-upload.ts';
import type { MessageRow } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { type Outbox, outboxOf } from './outbox.ts';
import { queueAgentMessage, recipientOf, type Sender } from './queue-outbound.ts';

// Meta keeps uploaded media for 30 days; a day's margin so an id never expires between check and send.
const META_MEDIA_LIFETIME_MS = 29 * 24 * 3_600_000;

/**
 * Sends a stored outbound file: by the id Meta gave its upload while that is still valid, else
 * uploaded again from our copy. The id is recorded with the message.
 */
export async function sendStoredMedia(
  deps: MessagingDeps,
  input: { message: MessageRow; file: MediaFileRow; out: Outbox },
): Promise<{ wamid: string }> {
  const { message, file, out } = input;
  const kind = file.kind as OutboundMediaKind;
  const caption = (message.content as MessageContent).text;
  const filename = file.filename ?? 'file';
  let mediaId = file.metaMediaId;
  if (!mediaId || Date.now() - file.updatedAt.getTime() > META_MEDIA_LIFETIME_MS) {
    const bytes = Buffer.concat(await deps.storage.open(file.storageKey as string).toArray());
    mediaId = (await out.client.uploadMedia(bytes, file.mimeType ?? 'application/octet-stream', filename)).id;
    const uploaded = mediaId;
    await deps.db.transaction(async (tx) => {
      await recordMetaMediaId(tx, file.id, uploaded);
      await setMessageContent(tx, message.id, {
        ...(message.content as MessageContent),
        media: { id: uploaded, mimeType: file.mimeType, sha256: file.sha256, caption: caption ?? null, filename: file.filename },
      });
    });
  }
  return out.client.sendMedia(out.to, kind, mediaId, caption, filename);
}

/**
 * POST /api/agent/media (and the public API's send-media): our copy is kept first, then the file goes to Meta and is
 * sent by its media id.
 */
export async function sendMedia(deps: MessagingDeps, sender: Sender, upload: MediaUpload): Promise<ChatMessage> {
  // Whatever happens, the received file does not linger (once kept, there is nothing left to discard).
  const queued = await queueMedia(deps, sender, upload).finally(() => deps.storage.discard(upload.incoming));
  return deliverAgentMessage(deps, queued.message, sender, () => sendStoredMedia(deps, queued));
}

/** The message and its file, kept from the upload, in one transaction. */
async function queueMedia(deps: MessagingDeps, sender: Sender, upload: MediaUpload) {
  const recipient = recipientOf(upload.fields.recipientPhone, upload.fields.recipientName, 'recipientPhone');
  const caption = upload.fields.caption || undefined;
  await deps.license.assertStorageAvailable(upload.incoming.size);
  let stored: StoredFile | undefined;
  return inTransaction(deps.db, async (tx) => {
    const conversation = await openConversation(tx, deps, recipient, upload.fields.from);
    const message = await queueAgentMessage(tx, deps, conversation, sender, {
      type: upload.kind,
      content: caption ? { text: caption } : {},
    });
    stored = await deps.storage.keep(upload.incoming, path.extname(upload.filename));
    const file = await insertOutboundMedia(tx, {
      messageId: message.id,
      kind: upload.kind,
      mimeType: upload.mimeType,
      fileSize: stored.size,
      sha256: stored.sha256,
      filename: upload.filename,
      storageKey: stored.key,
    });
    await takeOverOnSend(tx, deps, conversation, sender);
    return { message, file, out: outboxOf(deps.client, conversation) };
  }).catch(async (err: unknown) => {
    // Nothing was committed: keep no file that no message points to.
    if (stored) await deps.storage.remove(stored.key);
    throw err;
  });
}
