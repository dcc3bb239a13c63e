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
});
export type SandboxFailNextBody = z.infer<typeof sandboxFailNextBodySchema>;

const customerPhone = z
  .string()
  .trim()
  .refine((s) => toE164Digits(s) !== null, { error: 'from must be a phone number in international format' })
  .transform((s) => toE164Digits(s) as string);

const base = {
  from: customerPhone,
  name: z.string().trim().min(1).max(100).optional(),
  /** The business message the customer replies to. */
  contextId: z.string().min(1).max(200).optional(),
};

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
