import type { SessionState } from '@wac/contract/agent-sessions';
import type { MessageReceivedEvent, MessageStatusEvent } from '@wac/contract/whatsapp-events';
import type { MessageContent, MessageType } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { WebhookChanges } from '../../whatsapp/webhook/webhook-payload.ts';

/** The send to make once a retry is committed. */
export type Resend = (waId: string) => Promise<{ wamid: string }>;

/** Checks that a failed message of another domain's type can go again as it was, and answers how. */
export type Resender = (content: MessageContent) => Promise<Resend>;

/** What another domain's part of a webhook batch announces once the batch commits: events for everyone, or work to run. */
export interface WebhookChangesOutcome {
  emits?: RealtimeEmit[];
  afterCommit?: () => void;
}

/** Another domain's part of a batch of webhook deliveries, in the transaction storing it: answers what to announce after commit. */
export type WebhookChangesHandler = (tx: Tx, changes: WebhookChanges[]) => Promise<WebhookChangesOutcome>;

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
 * Customers wrote an opt-out word in these conversations, in the transaction storing it (bot flows end their sessions
 * there, so nothing they planned or would time out says another word).
 */
export type OptedOutHandler = (tx: Tx, conversationIds: number[]) => Promise<void>;

/** A conversation given to the agents: by the bot (a flow's handoff), or taken over by an agent. */
export interface HandOff {
  conversationId: number;
  /** The customer's number as stored (E.164 digits). */
  phone: string;
  contactName: string | null;
  reason: string | null;
  /** The agent who took it over; null when the bot handed it to whichever agent answers first. */
  agent: { id: number; username: string } | null;
  previousState: SessionState;
}

/** What happened in messaging that other domains tell the business's own systems about (outbound webhooks). */
export type MessagingEvent =
  | { type: 'message.received'; message: MessageReceivedEvent }
  | { type: 'message.status'; status: MessageStatusEvent }
  | { type: 'conversation.handed_off'; handOff: HandOff };

/**
 * Another domain's part of what happened, in the transaction where it happened (so nothing is lost on a crash):
 * answers what to run once that transaction commits, if anything.
 */
export type MessagingEventHandler = (tx: Tx, events: MessagingEvent[]) => Promise<(() => void) | undefined>;

/** The campaign that sent each of these template messages that one did, by wamid (template analytics name it). */
export type CampaignsOfSends = (wamids: readonly string[]) => Promise<Map<string, { id: string; name: string }>>;

/**
 * What other domains add to messaging as they register, so that messaging never imports them: how their messages
 * are retried (templates; campaigns next), what they take from Meta's webhooks (template reviews; campaign
 * recipients' statuses), what bot flows do with customers' messages, with conversations leaving the bot and with
 * customers opting out, who is told what happened (outbound webhooks), and which campaign sent a message (campaigns).
 */
export interface MessagingExtensions {
  /** By message type. */
  resenders: Map<string, Resender>;
  webhookHandlers: WebhookChangesHandler[];
  inboundHandlers: InboundHandler[];
  leftBotHandlers: LeftBotHandler[];
  optedOutHandlers: OptedOutHandler[];
  eventHandlers: MessagingEventHandler[];
  campaignsOfSends: CampaignsOfSends;
}

export function createMessagingExtensions(): MessagingExtensions {
  return {
    resenders: new Map(),
    webhookHandlers: [],
    inboundHandlers: [],
    leftBotHandlers: [],
    optedOutHandlers: [],
    eventHandlers: [],
    campaignsOfSends: async () => new Map(),
  };
}

/** Tells every event handler, in the transaction; answers what they want run once it commits. */
export async function tellEventHandlers(
  tx: Tx,
  handlers: readonly MessagingEventHandler[],
  events: MessagingEvent[],
): Promise<(() => void)[]> {
  if (handlers.length === 0 || events.length === 0) return [];
  const after: (() => void)[] = [];
  for (const handler of handlers) {
    const run = await handler(tx, events);
    if (run) after.push(run);
  }
  return after;
}
