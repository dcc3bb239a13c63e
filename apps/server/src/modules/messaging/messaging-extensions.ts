import type { SessionState } from '@wac/contract/agent-sessions';
import type { MessageContent, MessageType } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { WebhookChanges } from '../../whatsapp/webhook/webhook-payload.ts';

/** The send to make once a retry is committed. */
export type Resend = (waId: string) => Promise<{ wamid: string }>;

/** Checks that a failed message of another domain's type can go again as it was, and answers how. */
export type Resender = (content: MessageContent) => Promise<Resend>;

/** Another domain's part of a batch of webhook deliveries, in the transaction storing it: answers what to announce after commit. */
export type WebhookChangesHandler = (tx: Tx, changes: WebhookChanges[]) => Promise<RealtimeEmit[]>;

/** A customer's message just stored, as a bot reads it. */
export interface StoredInbound {
  messageId: number;
  conversationId: number;
  type: MessageType;
  /** The conversation's agent-session state with the message stored (a customer writing into an ended one gives it back to the bot). */
  sessionState: SessionState;
  /** No message, either way, came before it in the conversation. */
  isNewConversation: boolean;
  /** What the customer wrote: a text, a caption, or the title of the button or list row tapped; null for anything else. */
  text: string | null;
  /** The id of the reply button or list row the customer tapped (a template's quick-reply payload too). */
  replyId: string | null;
}

/**
 * Another domain's part of the customers' messages a webhook batch stored, in the transaction storing them (the bot
 * queues what it has to answer): answers what to run once that transaction commits, if anything.
 */
export type InboundHandler = (tx: Tx, stored: StoredInbound[]) => Promise<(() => void) | undefined>;

/** A conversation leaves the bot (an agent takes it over, or ends it), in the transaction that moves it. */
export type LeftBotHandler = (tx: Tx, change: { conversationId: number; to: SessionState }) => Promise<void>;

/**
 * What other domains add to messaging as they register, so that messaging never imports them: how their messages
 * are retried (templates; campaigns next), what they take from Meta's webhooks (template reviews; campaign
 * recipients' statuses), and what bot flows do with customers' messages and with conversations leaving the bot.
 */
export interface MessagingExtensions {
  /** By message type. */
  resenders: Map<string, Resender>;
  webhookHandlers: WebhookChangesHandler[];
  inboundHandlers: InboundHandler[];
  leftBotHandlers: LeftBotHandler[];
}

export function createMessagingExtensions(): MessagingExtensions {
  return { resenders: new Map(), webhookHandlers: [], inboundHandlers: [], leftBotHandlers: [] };
}
