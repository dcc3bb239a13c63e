import type { MessageContent, MessageError, MessageType } from '@wac/contract/whatsapp-messages';
import type { MetaError, MetaInboundMessage } from './webhook-payload.ts';

export interface InboundContent {
  type: MessageType;
  content: MessageContent;
  error: MessageError | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const MEDIA = new Set(['image', 'video', 'audio', 'document', 'sticker']);

export function errorFromMeta(errors: MetaError[] | undefined): MessageError | null {
  const first = errors?.[0];
  if (!first) return null;
  return {
    code: first.code ?? null,
    title: first.title ?? first.message ?? null,
    details: first.error_data?.details ?? first.message ?? null,
  };
}

function body(message: MetaInboundMessage): Omit<InboundContent, 'error'> {
  const part = obj(message[message.type]);
  if (message.type === 'text') return { type: 'text', content: { text: str(part.body) ?? '' } };
  if (MEDIA.has(message.type)) {
    const caption = str(part.caption);
    return {
      type: message.type as MessageType,
      content: {
        ...(caption ? { text: caption } : {}),
        media: {
          id: str(part.id) ?? '',
          mimeType: str(part.mime_type) ?? null,
          sha256: str(part.sha256) ?? null,
          caption: caption ?? null,
          filename: str(part.filename) ?? null,
          ...(part.voice === true ? { voice: true } : {}),
        },
      },
    };
  }
  if (message.type === 'location' && typeof part.latitude === 'number' && typeof part.longitude === 'number') {
    const location = { latitude: part.latitude, longitude: part.longitude, name: str(part.name), address: str(part.address) };
    return { type: 'location', content: { location } };
  }
  if (message.type === 'contacts' && Array.isArray(message.contacts)) return { type: 'contacts', content: { contacts: message.contacts } };
  if (message.type === 'interactive') {
    const kind = str(part.type);
    const reply = obj(kind === 'button_reply' ? part.button_reply : kind === 'list_reply' ? part.list_reply : undefined);
    const id = str(reply.id);
    const title = str(reply.title);
    if (id && title) {
      const description = str(reply.description);
      return {
        type: 'interactive',
        content: {
          text: title,
          reply: { kind: kind === 'list_reply' ? 'list' : 'button', id, title, ...(description ? { description } : {}) },
        },
      };
    }
  }
  if (message.type === 'button' && str(part.text)) {
    // A quick-reply button of a template: Meta sends its payload and its label.
    const title = str(part.text) ?? '';
    return { type: 'button', content: { text: title, reply: { kind: 'button', id: str(part.payload) ?? title, title } } };
  }
  if (message.type === 'reaction' && str(part.message_id)) {
    return { type: 'reaction', content: { reaction: { messageId: str(part.message_id) ?? '', emoji: str(part.emoji) ?? '' } } };
  }
  return { type: 'unsupported', content: { raw: message } };
}

/** Maps one of Meta's inbound message objects to what we store; unknown kinds are kept whole as unsupported. */
export function inboundContent(message: MetaInboundMessage): InboundContent {
  const { type, content } = body(message);
  const context = obj(message.context);
  const contextId = str(context.id);
  if (contextId) content.context = { id: contextId, ...(str(context.from) ? { from: str(context.from) } : {}) };
  return { type, content, error: errorFromMeta(message.errors as MetaError[] | undefined) };
}
