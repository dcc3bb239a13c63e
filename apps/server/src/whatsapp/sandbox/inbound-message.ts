import type { SandboxInboundBody } from '@wac/contract/whatsapp-sandbox';
import type { SandboxMediaStore } from './media-store.ts';

/** The type-specific part of an inbound message as Meta writes it; null when the media id is unknown. */
export async function inboundMessagePart(
  body: SandboxInboundBody,
  media: SandboxMediaStore,
  businessNumber: string,
): Promise<Record<string, unknown> | null> {
  const context = body.contextId ? { context: { from: businessNumber, id: body.contextId } } : {};
  switch (body.type) {
    case 'text':
      return { type: 'text', text: { body: body.text }, ...context };
    case 'button_reply':
    case 'list_reply': {
      const reply = {
        id: body.replyId,
        title: body.replyTitle,
        ...(body.type === 'list_reply' && body.description ? { description: body.description } : {}),
      };
      return { type: 'interactive', interactive: { type: body.type, [body.type]: reply }, ...context };
    }
    case 'location':
      return {
        type: 'location',
        location: { latitude: body.latitude, longitude: body.longitude, name: body.locationName, address: body.address },
      };
    case 'reaction':
      return { type: 'reaction', reaction: { message_id: body.messageId, emoji: body.emoji } };
    default: {
      const found = await media.find(body.mediaId);
      if (!found) return null;
      const part: Record<string, unknown> = { id: found.id, mime_type: found.mimeType, sha256: found.sha256 };
      if (body.caption && body.type !== 'audio' && body.type !== 'sticker') part.caption = body.caption;
      if (body.type === 'document') part.filename = body.filename ?? found.filename;
      if (body.type === 'audio') part.voice = found.mimeType.startsWith('audio/ogg');
      return { type: body.type, [body.type]: part, ...context };
    }
  }
}
