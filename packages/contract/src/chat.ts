import { z } from 'zod';
import { sessionStateSchema } from './agent-sessions.ts';
import { bodyIdSchema, pageQuery, paginationSchema } from './common.ts';
import { messageSentimentSchema } from './sentiment.ts';
import {
  mediaKinds,
  messageContentSchema,
  messageDirections,
  messageErrorSchema,
  messageProgressFields,
  messageStatusSchema,
  messageTypes,
} from './whatsapp-messages.ts';
import { sendFromField } from './whatsapp-numbers.ts';
import { customerAddressDescription, customerAddressField } from './whatsapp-user-id.ts';

/** Meta's size limits per media kind, checked before anything is uploaded (spec 5: the kind comes from the mime type). */
export const mediaSizeLimits = {
  image: 5 * 1024 * 1024,
  video: 16 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  document: 100 * 1024 * 1024,
  sticker: 500 * 1024,
} as const;

/** Spec 5: image, video, audio, otherwise document. */
export function mediaKindOfMime(mimeType: string): 'image' | 'video' | 'audio' | 'document' {
  const top = mimeType.split('/')[0]?.toLowerCase();
  if (top === 'image' || top === 'video' || top === 'audio') return top;
  return 'document';
}

/** The customer service window: free-form messages only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export function serviceWindowExpiresAt(lastInboundAt: Date | string | null): Date | null {
  if (!lastInboundAt) return null;
  return new Date(new Date(lastInboundAt).getTime() + SERVICE_WINDOW_MS);
}

export function isServiceWindowOpen(lastInboundAt: Date | string | null, now: Date = new Date()): boolean {
  const expires = serviceWindowExpiresAt(lastInboundAt);
  return expires !== null && expires.getTime() > now.getTime();
}

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** E.164 digits without the plus; null for a customer known only by their BSUID (a username and no number). */
  phone: z.string().nullable(),
  /** Where messages go: the number as WhatsApp reported it, or the BSUID while no number is known. */
  waId: z.string(),
  /** Meta's business-scoped user ID, e.g. US.13491208655302741918, once a webhook named it. */
  bsuid: z.string().nullable(),
  /** The customer's WhatsApp username, when they adopted one. */
  username: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Where our copy of a file stands: being downloaded, stored, given up on, or removed by a storage cleanup. */
export const mediaFileStatuses = ['pending', 'ready', 'failed', 'removed'] as const;

/** Our copy of a media file of a message. */
export const chatMediaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(mediaKinds),
  status: z.enum(mediaFileStatuses),
  mimeType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  filename: z.string().nullable(),
  sha256: z.string().nullable(),
  /** A signed link that works in <img src> and downloads without a bearer header; null until ready. */
  url: z.string().nullable(),
  /** When a storage cleanup removed the file (status 'removed'). */
  removedAt: z.string().nullable(),
});
export type ChatMedia = z.infer<typeof chatMediaSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  wamid: z.string().nullable(),
  direction: z.enum(messageDirections),
  type: z.enum(messageTypes),
  content: messageContentSchema,
  ...messageProgressFields,
  retryCount: z.number().int(),
  /** The agent who sent it. */
  sender: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** The API key it was sent through (the public API); sender is then null. */
  apiKey: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  media: chatMediaSchema.nullable(),
  sentiment: messageSentimentSchema.nullable().meta({
    description:
      'A customer’s text once the sentiment scorer has read it (off the webhook’s path, within seconds; the event `message_sentiment` tells open threads): `label` is the one counted (a person’s correction, else the scorer’s), `score` the scorer’s from -1 to 1, `corrected` whether a person set the label. Null on every other message, and on a text not scored yet.',
  }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSessionSchema = z.object({
  state: sessionStateSchema,
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  reason: z.string().nullable(),
  changedAt: z.iso.datetime().nullable(),
});

export const conversationSummarySchema = z.object({
  id: z.number().int(),
  contact: contactSchema,
  /** The business number the customer wrote to, which every reply in it leaves from. */
  phoneNumberId: z.string(),
  lastMessage: z
    .object({
      id: z.number().int(),
      direction: z.enum(messageDirections),
      type: z.enum(messageTypes),
      preview: z.string(),
      status: messageStatusSchema,
      timestamp: z.iso.datetime(),
    })
    .nullable(),
  lastMessageAt: z.iso.datetime().nullable(),
  lastInboundAt: z.iso.datetime().nullable(),
  /** When the 24-hour window closes; null when the customer never wrote. */
  windowExpiresAt: z.iso.datetime().nullable(),
  unreadCount: z.number().int(),
  session: conversationSessionSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

const dateParam = z.iso.datetime({ offset: true }).or(z.iso.date()).optional();

/**
 * GET /api/agent/conversations: newest activity first. Page with `page`, or with `cursor` (an answer's nextCursor),
 * which costs the same at any depth and lists no conversation twice when one moves to the top while paging.
 */
export const conversationsQuerySchema = z
  .object({
    /** 1 when neither page nor cursor is given. */
    page: z.coerce.number().int().min(1).optional(),
    limit: pageQuery(30, 200).limit,
    cursor: z.string().trim().min(1).max(200).optional(),
    /** The contact's name or part of the number; a whole number finds that contact alone when it has a conversation. */
    search: z.string().trim().max(100).optional(),
    startDate: dateParam,
    endDate: dateParam,
    /** Only the conversations of this business number (its phone-number id). */
    phoneNumberId: z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, 'phoneNumberId must be a phone-number id')
      .optional(),
  })
  .refine((query) => query.page === undefined || query.cursor === undefined, {
    message: 'Give either page or cursor, not both',
    path: ['cursor'],
  });
export const conversationsResponseSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** With a cursor, page counts the pages of this walk. */
  pagination: paginationSchema,
  /** The cursor for the conversations after these; null after the last one. */
  nextCursor: z.string().nullable(),
});

export const phoneParamsSchema = z.object({
  phone: z.string().trim().min(1).max(140).meta({ description: customerAddressDescription }),
});

/** GET /api/agent/chat/{phone}: page 1 is the newest `limit` messages; each page is oldest first. */
export const chatHistoryQuerySchema = z.object({
  ...pageQuery(50, 200),
  /** The conversation on this business number (phone-number id); without it, the customer's latest conversation. */
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'phoneNumberId must be a phone-number id')
    .optional(),
});
/** The conversation as its thread shows it, with whether the customer opted out (their last opt-out or opt-in word). */
export const threadConversationSchema = conversationSummarySchema.extend({
  optedOut: z.boolean(),
  /** The customer stopped the business's marketing messages on WhatsApp: campaigns of marketing templates skip them. */
  marketingOptedOut: z.boolean(),
});
export type ThreadConversation = z.infer<typeof threadConversationSchema>;

export const chatHistoryResponseSchema = z.object({
  conversation: threadConversationSchema.nullable(),
  messages: z.array(chatMessageSchema),
  pagination: paginationSchema,
});

const recipient = {
  recipientPhone: customerAddressField('recipientPhone'),
  recipientName: z.string().trim().max(100).optional(),
  from: sendFromField,
};

/** POST /api/agent/message */
export const sendMessageBodySchema = z.object({
  ...recipient,
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message must not be empty')
    .max(4096, 'message must be at most 4096 characters'),
});

/** POST /api/agent/media: the multipart fields beside `file`. */
export const sendMediaFieldsSchema = z.object({
  ...recipient,
  caption: z.string().trim().max(1024, 'caption must be at most 1024 characters').optional(),
  type: z.enum(['image', 'video', 'audio', 'document']).optional(),
});

export const sentMessageResponseSchema = z.object({ message: chatMessageSchema });

/** POST /api/agent/mark-read: ids of inbound messages; the newest also gets a read receipt at Meta. */
export const markReadBodySchema = z.object({
  messages: z.array(bodyIdSchema).min(1, 'messages must list at least one message id').max(500),
});
export const markReadResponseSchema = z.object({ updated: z.number().int(), conversationIds: z.array(z.number().int()) });

/** POST /api/agent/typing: the agent is typing in this conversation. */
export const typingBodySchema = z.object({ conversationId: bodyIdSchema });
/** Whether WhatsApp's typing indicator was sent now (at most every 20 s; never with read receipts off). */
export const typingResponseSchema = z.object({ sent: z.boolean() });

export const messageStatusResponseSchema = z.object({
  id: z.number().int(),
  wamid: z.string().nullable(),
  status: messageStatusSchema,
  sentAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  error: messageErrorSchema.nullable(),
});

export const timeRanges = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
export const failedMessagesQuerySchema = z.object({
  timeRange: z.enum(Object.keys(timeRanges) as [keyof typeof timeRanges, ...(keyof typeof timeRanges)[]]).default('24h'),
  ...pageQuery(50, 200),
});
export const failedMessagesResponseSchema = z.object({
  messages: z.array(chatMessageSchema.extend({ contact: contactSchema })),
  pagination: paginationSchema,
});
