import { z } from 'zod';
import { agentSessionSchema } from './agent-sessions.ts';
import { chatMediaSchema, chatMessageSchema, conversationSummarySchema } from './chat.ts';
import { mediaKinds, messageErrorSchema, messageStatusSchema, messageTypes } from './whatsapp-messages.ts';

export const whatsappEventNames = {
  messageReceived: 'whatsapp_message_received',
  /** Both names are emitted with the same payload (spec 4 lists both). */
  messageStatusUpdate: 'message_status_update',
  messageStatus: 'message_status',
  mediaProcessed: 'whatsapp_media_processed',
  agentMessageSent: 'agent_message_sent',
  sessionUpdate: 'agent_session_update',
  conversationRead: 'conversation_read',
  conversationUpdated: 'conversation_updated',
  contactOptOut: 'contact_opt_out',
} as const;

/** A customer's message reached the inbox (spec 3 "Incoming message event"); `message` is what the thread shows. */
export const messageReceivedEventSchema = z.object({
  messageId: z.number().int(),
  wamid: z.string(),
  conversationId: z.number().int(),
  contactId: z.number().int(),
  /** The customer: phone is null for one known only by their BSUID (a username and no number). */
  from: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    bsuid: z.string().nullable(),
    username: z.string().nullable(),
  }),
  type: z.enum(messageTypes),
  content: z.object({ text: z.string(), mediaType: z.enum(mediaKinds).nullable() }),
  timestamp: z.iso.datetime(),
  message: chatMessageSchema,
});
export type MessageReceivedEvent = z.infer<typeof messageReceivedEventSchema>;

/** A message the business sent moved forward (sent, delivered, read), failed, or was retried (pending again). */
export const messageStatusEventSchema = z.object({
  messageId: z.number().int(),
  wamid: z.string(),
  conversationId: z.number().int(),
  status: messageStatusSchema,
  timestamp: z.iso.datetime(),
  error: messageErrorSchema.nullable(),
});
export type MessageStatusEvent = z.infer<typeof messageStatusEventSchema>;

/** An inbound file was downloaded from Meta and stored (or gave up after its retries). */
export const mediaProcessedEventSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  media: chatMediaSchema,
});
export type MediaProcessedEvent = z.infer<typeof mediaProcessedEventSchema>;

/** An agent sent a message: every other open console shows it at once. */
export const agentMessageSentEventSchema = z.object({
  conversationId: z.number().int(),
  message: chatMessageSchema,
});
export type AgentMessageSentEvent = z.infer<typeof agentMessageSentEventSchema>;

export const sessionUpdateEventSchema = agentSessionSchema;
export type SessionUpdateEvent = z.infer<typeof sessionUpdateEventSchema>;

/** An agent read a conversation's messages: every console clears or lowers its unread badge. */
export const conversationReadEventSchema = z.object({
  conversationId: z.number().int(),
  unreadCount: z.number().int(),
});
export type ConversationReadEvent = z.infer<typeof conversationReadEventSchema>;

/**
 * The business wrote in a conversation (an agent, an API key, a campaign): its summary as the lists show it, sent before
 * the message itself, so every list shows a conversation it had not loaded (one just opened included) without a reload.
 */
export const conversationUpdatedEventSchema = z.object({ conversation: conversationSummarySchema });
export type ConversationUpdatedEvent = z.infer<typeof conversationUpdatedEventSchema>;

/** A customer wrote an opt-out word (or, opted out, an opt-in word): every console's thread header shows it. */
export const contactOptOutEventSchema = z.object({
  /** The contact's E.164 digits, or their BSUID when no number is known (contactAddress), as conversations show them. */
  phone: z.string(),
  optedOut: z.boolean(),
});
export type ContactOptOutEvent = z.infer<typeof contactOptOutEventSchema>;
