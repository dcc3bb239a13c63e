import type { SessionState } from '@wac/contract/agent-sessions';
import type { CampaignCounts } from '@wac/contract/campaigns';
import type { MessageReceivedEvent, MessageStatusEvent } from '@wac/contract/whatsapp-events';
import type { MessageType } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../db/database.ts';
import { afterCommit } from '../realtime/after-commit.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { WebhookChanges } from '../whatsapp/webhook/webhook-payload.ts';
import { createEventBus, type EventBus } from './event-bus.ts';

/** A customer's message just stored, as a bot reads it. */
export interface StoredInbound {
  messageId: number;
  conversationId: number;
  type: MessageType;
  /** The conversation's agent-session state with the message stored (a customer writing into an ended one gives it back to the bot). */
  sessionState: SessionState;
  /** No message, either way, came before it in the conversation. */
  isNewConversation: boolean;
  /** The business number the customer wrote to: flows answer on the numbers they choose. */
  phoneNumberId: string;
  /** What the customer wrote: a text, a caption, or the title of the button or list row tapped; null for anything else. */
  text: string | null;
  /** The id of the reply button or list row the customer tapped (a template's quick-reply payload too). */
  replyId: string | null;
}

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

/**
 * What happens in one domain that others act on, published in the transaction where it happens (so nothing is lost on
 * a crash). The domains that act subscribe when they register (`subscribe` in their register function).
 */
export type DomainEvent =
  /** A batch of Meta's webhook deliveries, stored by messaging: template reviews, campaign recipients' statuses. */
  | { type: 'webhook.received'; changes: WebhookChanges[] }
  /** A customer's message the bot is to read: stored, and not an opt-out or opt-in word. */
  | { type: 'message.for_bot'; inbound: StoredInbound }
  | { type: 'message.received'; message: MessageReceivedEvent }
  | { type: 'message.status'; status: MessageStatusEvent }
  | { type: 'conversation.handed_off'; handOff: HandOff }
  /** An agent took the conversation over, or ended it. */
  | { type: 'conversation.left_bot'; conversationId: number; to: SessionState }
  /** The customer wrote an opt-out word there. */
  | { type: 'conversation.opted_out'; conversationId: number }
  | { type: 'campaign.finished'; campaign: { id: number; name: string; counts: CampaignCounts } };

export type DomainEvents = EventBus<DomainEvent>;

export function createDomainEvents(): DomainEvents {
  return createEventBus<DomainEvent>();
}

/**
 * Publishes in a transaction opened with inTransaction: what the subscribers answer is broadcast and run once it
 * commits, in their order.
 */
export async function publishInTransaction(
  tx: Tx,
  deps: { events: DomainEvents; realtime: Pick<Realtime, 'toEveryoneAll'> },
  published: readonly DomainEvent[],
): Promise<void> {
  const outcome = await deps.events.publish(tx, published);
  if (outcome.emits.length > 0) afterCommit(tx, () => deps.realtime.toEveryoneAll(outcome.emits));
  for (const run of outcome.afterCommit) afterCommit(tx, run);
}
