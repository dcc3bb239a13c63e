import type { SandboxInboundBody } from '@wac/contract/whatsapp-sandbox';
import type { StoredMedia } from './media-store.ts';
import { blankSandboxContent, type NewSandboxMessage } from './sandbox-conversations.ts';

/** A simulated customer's message as their own phone shows it; `media` is the uploaded file it sends. */
export function customerMessage(body: SandboxInboundBody, wamid: string, media: StoredMedia | undefined): NewSandboxMessage {
  const base = {
    ...blankSandboxContent,
    wamid,
    direction: 'from_customer' as const,
    type: body.type,
    contextId: body.contextId ?? null,
  };
  switch (body.type) {
    case 'text':
      return { ...base, text: body.text };
    case 'button_reply':
    case 'list_reply':
      return { ...base, text: body.replyTitle, reply: { id: body.replyId, title: body.replyTitle } };
    case 'location':
      return {
        ...base,
        text: body.locationName ?? null,
        location: {
          latitude: body.latitude,
          longitude: body.longitude,
          name: body.locationName ?? null,
          address: body.address ?? null,
        },
      };
    case 'reaction':
      return { ...base, reaction: { messageId: body.messageId, emoji: body.emoji } };
    default:
      return {
        ...base,
        // Meta carries no caption on audio and stickers.
        text: body.type === 'audio' || body.type === 'sticker' ? null : (body.caption ?? null),
        media: {
          id: body.mediaId,
          mimeType: media?.mimeType ?? 'application/octet-stream',
          filename: body.filename ?? media?.filename ?? null,
        },
      };
  }
}
