import { z } from 'zod';

export const messageDirections = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof messageDirections)[number];

/** Outbound: pending until Meta reports it, then sent, delivered, read or failed. Inbound: received, then read by an agent. */
export const messageStatuses = ['pending', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export const messageStatusSchema = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** The statuses Meta reports in webhooks for messages the business sent. */
export const deliveryStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const mediaKinds = ['image', 'video', 'audio', 'document', 'sticker'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export const messageTypes = [
  'text',
  ...mediaKinds,
  'location',
  'contacts',
  'interactive',
  'button',
  'reaction',
  'template',
  'unsupported',
] as const;
export type MessageType = (typeof messageTypes)[number];

// Failed sits between sent and delivered: a later delivered or read proves the customer got it.
const RANK: Record<MessageStatus, number> = { pending: 0, received: 0, sent: 1, failed: 1.5, delivered: 2, read: 3 };

/**
 * The status a message ends with when `incoming` arrives while it is `current`. Meta delivers
 * statuses at least once and in any order; taking the higher rank gives the same end state
 * whatever the order.
 */
export function advanceStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  return RANK[incoming] > RANK[current] ? incoming : current;
}

export const messageErrorSchema = z.object({
  code: z.number().int().nullable(),
  title: z.string().nullable(),
  details: z.string().nullable(),
});
export type MessageError = z.infer<typeof messageErrorSchema>;

/** A sent or received message's status, when it was stored and when it reached each status, and Meta's error if it failed. */
export const messageProgressFields = {
  status: messageStatusSchema,
  timestamp: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  error: messageErrorSchema.nullable(),
};

export const messageMediaSchema = z.object({
  /** Meta's media id, valid for a limited time. */
  id: z.string(),
  mimeType: z.string().nullable(),
  sha256: z.string().nullable(),
  caption: z.string().nullable(),
  filename: z.string().nullable(),
  voice: z.boolean().optional(),
});

/** What a message holds, stored as JSON; only the fields of its type are set. */
export const messageContentSchema = z.object({
  /** Body of a text, caption of media, title of a button or list reply: what a preview shows. */
  text: z.string().optional(),
  media: messageMediaSchema.optional(),
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() })
    .optional(),
  reply: z.object({ kind: z.enum(['button', 'list']), id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
  reaction: z.object({ messageId: z.string(), emoji: z.string() }).optional(),
  contacts: z.array(z.unknown()).optional(),
  /** A template the business sent: which one, and its parts as the customer read them (`text` holds the body). */
  template: z
    .object({
      name: z.string(),
      language: z.string(),
      header: z.string().optional(),
      footer: z.string().optional(),
      buttons: z.array(z.string()).optional(),
      /**
       * The send components as given (Meta's shape, except that a header file from our uploads stays
       * `uploadId`), kept so a failed send can be retried exactly. Absent on messages stored before retries.
       */
      components: z.array(z.unknown()).optional(),
    })
    .optional(),
  /** Set on what a bot flow sent, so the thread can mark it as the bot's (agents' and API sends name their sender). */
  sentBy: z.literal('bot').optional(),
  /** The message this one answers, when the customer replied to one. */
  context: z.object({ id: z.string(), from: z.string().optional() }).optional(),
  /** Meta's own object for types we do not model, kept so nothing is lost. */
  raw: z.unknown().optional(),
});
export type MessageContent = z.infer<typeof messageContentSchema>;

const frame = { header: z.string().optional(), footer: z.string().optional() };
const sentOfferSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('button'), buttons: z.array(z.object({ id: z.string(), title: z.string() })), ...frame }),
  z.object({
    type: z.literal('list'),
    button: z.string(),
    rows: z.array(z.object({ id: z.string(), title: z.string(), description: z.string().optional() })),
    ...frame,
  }),
]);
export type SentOffer = z.infer<typeof sentOfferSchema>;

/** The reply buttons or list an outbound interactive message offered (kept in `raw` when it was sent), if any. */
export function sentOffer(content: MessageContent): SentOffer | null {
  const parsed = sentOfferSchema.safeParse(content.raw);
  return parsed.success ? parsed.data : null;
}

/** One-line text for lists and toasts. */
export function messagePreview(type: MessageType, content: MessageContent): string {
  if (content.text) return content.text;
  if (content.reaction) return content.reaction.emoji ? `Reacted ${content.reaction.emoji}` : 'Removed a reaction';
  if (content.location) return content.location.name ?? 'Location';
  if (content.media?.filename) return content.media.filename;
  const labels: Partial<Record<MessageType, string>> = {
    image: 'Photo',
    video: 'Video',
    audio: 'Audio',
    document: 'Document',
    sticker: 'Sticker',
    contacts: 'Contact card',
    unsupported: 'Unsupported message',
  };
  return labels[type] ?? 'Message';
}
