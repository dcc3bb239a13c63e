import { z } from 'zod';
import { chatMediaSchema, contactSchema } from './chat.ts';
import { pageQuery, paginationSchema } from './common.ts';
import { mediaKinds, messageDirections } from './whatsapp-messages.ts';

/** GET /api/media: media sent and received, newest first. */
export const mediaListQuerySchema = z.object({
  ...pageQuery(24, 100),
  kind: z.enum(mediaKinds).optional(),
  direction: z.enum(messageDirections).optional(),
});

export const mediaItemSchema = chatMediaSchema.extend({
  direction: z.enum(messageDirections),
  messageId: z.number().int().nullable(),
  conversationId: z.number().int().nullable(),
  contact: contactSchema.nullable(),
  caption: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListResponseSchema = z.object({ media: z.array(mediaItemSchema), pagination: paginationSchema });

/** The query of a signed file link: GET /api/media/{id}/file?expires=…&signature=…[&download=1] */
export const mediaFileQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/, 'signature is malformed'),
  download: z.enum(['1', '0']).optional(),
});
