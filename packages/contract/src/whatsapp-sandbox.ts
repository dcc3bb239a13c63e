import { z } from 'zod';
import { toE164Digits } from './whatsapp-phone.ts';

/** Tells the sandbox to fail the next sends with a Graph error, in the HTTP answer or later as a failed status. */
export const sandboxFailNextBodySchema = z.object({
  code: z.number().int().positive(),
  httpStatus: z.number().int().min(400).max(599).default(400),
  count: z.number().int().min(0).max(1000).default(1),
  message: z.string().max(500).optional(),
  details: z.string().max(1000).optional(),
  /** 'response': the send call answers with the error; 'status': it is accepted, then a failed status webhook follows. */
  via: z.enum(['response', 'status']).default('response'),
  /** 'send': message sends fail; 'media_download': fetching a media file's bytes answers with the error instead. */
  target: z.enum(['send', 'media_download']).default('send'),
});
export type SandboxFailNextBody = z.infer<typeof sandboxFailNextBodySchema>;

const businessNumberId = z
  .string()
  .trim()
  .regex(/^\d{1,30}$/, { error: 'to must be a phone-number id of the sandbox' });

const customerPhone = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .refine((s) => toE164Digits(s) !== null, { error: `${field} must be a phone number in international format` })
    .transform((s) => toE164Digits(s) as string);

/** WhatsApp usernames: 3 to 35 letters, digits, dots and underscores, with at least one letter. */
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^(?=.*[A-Za-z])[A-Za-z0-9._]{3,35}$/, { error: 'username must be 3 to 35 letters, digits, dots or underscores' });

const base = {
  /** The simulated customer's own number (their phone has one even when the business is not shown it). */
  from: customerPhone('from'),
  /** The business number written to (a phone-number id of GET /sandbox/control/numbers); the first when left out. */
  to: businessNumberId.optional(),
  name: z.string().trim().min(1).max(100).optional(),
  /** A username the customer adopted: webhooks then carry it. */
  username: usernameSchema.optional(),
  /**
   * The customer hides their number (a username and no recent conversation by number): the webhook names them by
   * BSUID only, as Meta does since 2026, and the business must answer the BSUID.
   */
  hideNumber: z.boolean().optional(),
  /** The business message the customer replies to. */
  contextId: z.string().min(1).max(200).optional(),
};

/** POST /sandbox/control/user-preferences: a customer stops or resumes the business's marketing messages in WhatsApp. */
export const sandboxUserPreferenceBodySchema = z.object({
  from: customerPhone('from'),
  to: businessNumberId.optional(),
  value: z.enum(['stop', 'resume'], { error: 'value must be stop or resume' }),
});

/** A message a simulated customer sends to the business; the sandbox posts it to the webhook, signed. */
export const sandboxInboundBodySchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('text'), text: z.string().trim().min(1, { error: 'text is required' }).max(4096) }),
  z.object({
    ...base,
    type: z.enum(['image', 'video', 'audio', 'document', 'sticker']),
    mediaId: z.string().min(1, { error: 'mediaId is required: upload the file first' }),
    caption: z.string().max(1024).optional(),
    filename: z.string().max(240).optional(),
  }),
  z.object({
    ...base,
    type: z.enum(['button_reply', 'list_reply']),
    replyId: z.string().min(1).max(256),
    replyTitle: z.string().min(1).max(24),
    description: z.string().max(72).optional(),
  }),
  z.object({
    ...base,
    type: z.literal('location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    locationName: z.string().max(200).optional(),
    address: z.string().max(500).optional(),
  }),
  z.object({ ...base, type: z.literal('reaction'), messageId: z.string().min(1), emoji: z.string().max(16) }),
]);
export type SandboxInboundBody = z.infer<typeof sandboxInboundBodySchema>;

export const sandboxInboundResponseSchema = z.object({
  wamid: z.string(),
  /** The HTTP status the server's webhook answered the signed delivery with. */
  webhookStatus: z.number().int(),
});

export const sandboxMediaResponseSchema = z.object({
  id: z.string(),
  mimeType: z.string(),
  sha256: z.string(),
  fileSize: z.number().int(),
});

/** GET /sandbox/control/conversation?phone=… : which simulated customer. */
export const sandboxConversationQuerySchema = z.object({
  phone: customerPhone('phone'),
  /** The business number's phone-number id; the first when left out. */
  number: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, { error: 'number must be a phone-number id of the sandbox' })
    .optional(),
});

/** GET /sandbox/control/numbers: the business numbers the sandbox plays, the first (WHATSAPP_PHONE_NUMBER_ID) first. */
export const sandboxNumbersResponseSchema = z.object({
  numbers: z.array(z.object({ phoneNumberId: z.string(), displayPhoneNumber: z.string() })),
});
export type SandboxNumber = z.infer<typeof sandboxNumbersResponseSchema>['numbers'][number];

export const sandboxDirections = ['to_customer', 'from_customer'] as const;
export type SandboxDirection = (typeof sandboxDirections)[number];

export const sandboxMessageTypes = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'interactive',
  'template',
  'button_reply',
  'list_reply',
  'location',
  'reaction',
] as const;
export type SandboxMessageType = (typeof sandboxMessageTypes)[number];

/**
 * What the sandbox saw happen to a message. To the customer: accepted by the Graph endpoint, then the statuses it
 * reported. From the customer: delivered once the server's webhook took it (failed if it never did), read once the
 * business sent a read receipt.
 */
export const sandboxMessageStatuses = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;

const interactiveSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('buttons'), buttons: z.array(z.object({ id: z.string(), title: z.string() })) }),
  z.object({
    kind: z.literal('list'),
    button: z.string(),
    sections: z.array(
      z.object({
        title: z.string().nullable(),
        rows: z.array(z.object({ id: z.string(), title: z.string(), description: z.string().nullable() })),
      }),
    ),
  }),
]);
export type SandboxInteractive = z.infer<typeof interactiveSchema>;

/** One message between the business and a simulated customer, either way. */
export const sandboxMessageSchema = z.object({
  /** Increases with every message the sandbox records, so it orders and keys them. */
  id: z.number().int(),
  wamid: z.string(),
  direction: z.enum(sandboxDirections),
  type: z.enum(sandboxMessageTypes),
  /** Text body, media caption, interactive body, or the title of a reply. */
  text: z.string().nullable(),
  media: z.object({ id: z.string(), mimeType: z.string(), filename: z.string().nullable() }).nullable(),
  /** The buttons or list a business message offers, so the customer can answer with one. */
  interactive: interactiveSchema.nullable(),
  /** The button or row a customer reply chose. */
  reply: z.object({ id: z.string(), title: z.string() }).nullable(),
  reaction: z.object({ messageId: z.string(), emoji: z.string() }).nullable(),
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable(), address: z.string().nullable() })
    .nullable(),
  template: z.object({ name: z.string(), language: z.string() }).nullable(),
  /** The message this one answers. */
  contextId: z.string().nullable(),
  /** The business number the customer exchanged it with (its phone-number id). */
  businessNumberId: z.string(),
  status: z.enum(sandboxMessageStatuses),
  error: z.object({ code: z.number().int(), title: z.string() }).nullable(),
  timestamp: z.iso.datetime(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

/** Who a simulated customer is to the business: their BSUID, and their username and whether they hide their number. */
const sandboxIdentity = {
  bsuid: z.string(),
  username: z.string().nullable(),
  hidesNumber: z.boolean(),
};

export const sandboxConversationResponseSchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  ...sandboxIdentity,
  /** The business shows its typing indicator on this chat now (an agent is typing). */
  businessTyping: z.boolean(),
  /** Oldest first; the sandbox keeps the most recent few hundred per customer. */
  messages: z.array(sandboxMessageSchema),
});
export type SandboxConversation = z.infer<typeof sandboxConversationResponseSchema>;

export const sandboxCustomerSchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  ...sandboxIdentity,
  lastActivityAt: z.iso.datetime(),
  messages: z.number().int(),
});
export type SandboxCustomer = z.infer<typeof sandboxCustomerSchema>;

/** GET /sandbox/control/customers: the customers the sandbox has seen, most recently active first. */
export const sandboxCustomersResponseSchema = z.object({ customers: z.array(sandboxCustomerSchema) });
