import { z } from 'zod';
import { mediaKinds, messageErrorSchema, messageStatusSchema, messageTypes } from './whatsapp-messages.ts';

export const whatsappEventNames = {
  messageReceived: 'whatsapp_message_received',
  messageStatusUpdate: 'message_status_update',
} as const;

/** A customer's message reached the inbox (spec 3 "Incoming message event"). */
export const messageReceivedEventSchema = z.object({
  messageId: z.number().int(),
  wamid: z.string(),
  conversationId: z.number().int(),
  contactId: z.number().int(),
  from: z.object({ name: z.string().nullable(), phone: z.string() }),
  type: z.enum(messageTypes),
  content: z.object({ text: z.string(), mediaType: z.enum(mediaKinds).nullable() }),
  timestamp: z.iso.datetime(),
});
export type MessageReceivedEvent = z.infer<typeof messageReceivedEventSchema>;

/** A message the business sent moved forward (sent, delivered, read) or failed. */
export const messageStatusEventSchema = z.object({
  messageId: z.number().int(),
  wamid: z.string(),
  conversationId: z.number().int(),
  status: messageStatusSchema,
  timestamp: z.iso.datetime(),
  error: messageErrorSchema.nullable(),
});
export type MessageStatusEvent = z.infer<typeof messageStatusEventSchema>;
