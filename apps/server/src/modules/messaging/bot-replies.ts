import type { AgentSession } from '@wac/contract/agent-sessions';
import { isServiceWindowOpen } from '@wac/contract/chat';
import type { BotReply } from '@wac/contract/flows';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { MessageContent, MessageError, MessageType } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { InteractiveFrame, SendOptions } from '../../whatsapp/cloud-api-client.ts';
import { toChatMessage } from './chat-message.ts';
import { type ConversationSession, holdConversationsForBot, writableByBot } from './conversation-sessions.repository.ts';
import { sendErrorOf, toldOfStatuses } from './dispatch.ts';
import { messageStatusEmit } from './message-events.ts';
import { assignWamids, insertBotReplies, type MessageRow, markSendFailed } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { type Outbox, outboxOf } from './outbox.ts';
import { handOffToAgents } from './session-transitions.ts';

/** A bot's reply stored as pending in its conversation, to send once the bot's turn is committed. */
export interface QueuedBotReply {
  message: MessageRow;
  reply: BotReply;
}

/** One conversation's replies of a bot turn, in order, and where they go. */
export interface BotDelivery {
  conversationId: number;
  waId: string;
  /** The business number the conversation belongs to, which the replies leave from. */
  phoneNumberId: string;
  replies: QueuedBotReply[];
}

/** What a bot says in a conversation it holds (hold it with holdForBots in the same transaction). */
export interface BotTurnReplies {
  conversation: ConversationSession;
  replies: BotReply[];
}

/** Bots' replies come in bursts: they go out on the Graph client's kept-alive node:http connections. */
const BOT_SENDS: SendOptions = { keptAlive: true };

const NOT_SENT: MessageError = {
  code: null,
  title: 'Not sent',
  details: 'An agent took this conversation over before the bot sent this message.',
};

/**
 * How a reply is kept in the chat: texts as texts, files by their link, buttons and lists as interactive messages
 * whose body is the text and whose offer (with its header and footer, when the public API gave them) is kept as it
 * was sent (`raw`).
 */
export function storedForm(reply: BotReply, frame: InteractiveFrame = {}): { type: MessageType; content: MessageContent } {
  switch (reply.type) {
    case 'text':
      return { type: 'text', content: { text: reply.text } };
    case 'media':
      return { type: reply.mediaType, content: { ...(reply.caption ? { text: reply.caption } : {}), raw: { link: reply.url } } };
    case 'buttons':
      return { type: 'interactive', content: { text: reply.body, raw: { type: 'button', buttons: reply.buttons, ...frame } } };
    case 'list':
      return {
        type: 'interactive',
        content: { text: reply.body, raw: { type: 'list', button: reply.button, rows: reply.rows, ...frame } },
      };
  }
}

export function sendReply(
  out: Outbox,
  reply: BotReply,
  frame: InteractiveFrame = {},
  sendOptions?: SendOptions,
): Promise<{ wamid: string }> {
  const { client, to } = out;
  switch (reply.type) {
    case 'text':
      return client.sendText(to, reply.text, false, sendOptions);
    case 'media':
      return client.sendMediaLink(to, reply.mediaType, reply.url, reply.caption, undefined, sendOptions);
    case 'buttons':
      return client.sendButtons(to, reply.body, reply.buttons, frame, sendOptions);
    case 'list':
      return client.sendList(to, reply.body, reply.button, [{ rows: reply.rows }], frame, sendOptions);
  }
}

/**
 * Holds conversations for bots' turns until the caller's transaction ends (takeovers and agents' sends wait for the
 * turns, customers' messages do not), and reads them; ids not found are left out.
 */
export function holdForBots(tx: Tx, conversationIds: readonly number[]): Promise<Map<number, ConversationSession>> {
  return holdConversationsForBot(tx, [...new Set(conversationIds)]);
}

/** The daily messages quota, for all the turns at once, else turn by turn: a turn the licence refuses says nothing. */
async function countAgainstQuota(tx: Tx, deps: Pick<MessagingDeps, 'license' | 'log'>, turns: BotTurnReplies[]): Promise<BotTurnReplies[]> {
  const refused = (err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    return err;
  };
  try {
    await deps.license.consumeMessages(
      tx,
      turns.reduce((n, turn) => n + turn.replies.length, 0),
    );
    return turns;
  } catch (err) {
    refused(err);
  }
  const counted: BotTurnReplies[] = [];
  for (const turn of turns) {
    try {
      await deps.license.consumeMessages(tx, turn.replies.length);
      counted.push(turn);
    } catch (err) {
      const { code } = refused(err);
      deps.log.warn({ conversationId: turn.conversation.conversationId, code }, 'bot replies not sent: the licence refused them');
    }
  }
  return counted;
}

/**
 * Stores bot turns' replies as pending messages (no agent) in one statement, in the caller's transaction, counted
 * against the daily messages quota. A turn whose service window is closed (a question that timed out days later), whose
 * business number an admin disabled, or whose messages the licence refuses stores nothing: the bot says nothing there,
 * and its session moves on all the same. Answers one delivery per turn, in the order given.
 */
export async function queueBotReplies(
  tx: Tx,
  deps: Pick<MessagingDeps, 'license' | 'log' | 'numbers'>,
  turns: readonly BotTurnReplies[],
): Promise<BotDelivery[]> {
  const deliveries = turns.map(
    ({ conversation }): BotDelivery => ({
      conversationId: conversation.conversationId,
      waId: conversation.waId,
      phoneNumberId: conversation.phoneNumberId,
      replies: [],
    }),
  );
  const open: BotTurnReplies[] = [];
  for (const turn of turns) {
    if (turn.replies.length === 0) continue;
    const { conversationId, lastInboundAt, phoneNumberId } = turn.conversation;
    if (!isServiceWindowOpen(lastInboundAt)) deps.log.info({ conversationId }, 'bot replies not sent: the service window is closed');
    else if (!(await deps.numbers.isEnabled(phoneNumberId)))
      deps.log.info({ conversationId }, 'bot replies not sent: the number is disabled');
    else open.push(turn);
  }
  if (open.length === 0) return deliveries;
  const counted = new Set(await countAgainstQuota(tx, deps, open));
  const botSent = (reply: BotReply) => {
    const { type, content } = storedForm(reply);
    return { type, content: { ...content, sentBy: 'bot' as const } };
  };
  const rows = turns.flatMap((turn, k) =>
    counted.has(turn)
      ? turn.replies.map((reply) => ({ k, reply, conversationId: turn.conversation.conversationId, ...botSent(reply) }))
      : [],
  );
  if (rows.length === 0) return deliveries;
  const stored = await insertBotReplies(tx, rows);
  for (const [n, row] of rows.entries()) {
    const message = stored[n];
    if (!message) throw new Error('a bot reply was not stored');
    deliveries[row.k]?.replies.push({ message, reply: row.reply });
  }
  return deliveries;
}

/**
 * After the turns committed: each conversation's replies go to Meta one after another, in order (conversations side
 * by side), every console shows them pending meanwhile, and the wamids or failures are recorded together as agents'
 * sends record theirs. A conversation an agent took over meanwhile gets nothing more: its replies are failed
 * as not sent, so no bot message goes out while an agent holds it. `whoeverHolds` sends them all the same (the
 * confirmation of an opt-out, which the customer is owed in any conversation).
 */
export async function deliverBotReplies(
  deps: MessagingDeps,
  deliveries: readonly BotDelivery[],
  { whoeverHolds = false }: { whoeverHolds?: boolean } = {},
): Promise<void> {
  const pending = deliveries.filter((delivery) => delivery.replies.length > 0);
  if (pending.length === 0) return;
  const ids = pending.map((delivery) => delivery.conversationId);
  const writable = whoeverHolds ? new Set(ids) : await writableByBot(deps.db, ids);
  const sent: { messageId: number; wamid: string }[] = [];
  const failed: { messageId: number; error: MessageError }[] = [];
  const sending = Promise.all(
    pending.map(async ({ conversationId, replies, ...conversation }) => {
      const out = outboxOf(deps.client, conversation);
      for (const { message, reply } of replies) {
        if (!writable.has(conversationId)) {
          failed.push({ messageId: message.id, error: NOT_SENT });
          continue;
        }
        try {
          sent.push({ messageId: message.id, wamid: (await sendReply(out, reply, {}, BOT_SENDS)).wamid });
        } catch (err) {
          deps.log.warn({ err, messageId: message.id }, 'WhatsApp send of a bot reply failed');
          failed.push({ messageId: message.id, error: sendErrorOf(err) });
        }
      }
    }),
  );
  // Announced while the first sends are on their way: the consoles show them pending, then their statuses follow.
  deps.realtime.toEveryoneAll(
    pending.flatMap(({ conversationId, replies }) =>
      replies.map(
        ({ message }): RealtimeEmit => ({
          event: whatsappEventNames.agentMessageSent,
          payload: { conversationId, message: toChatMessage(message) },
        }),
      ),
    ),
  );
  await sending;
  await inTransaction(deps.db, async (tx) => {
    const assigned = await assignWamids(tx, sent);
    const changed = assigned.map((result) => result.message);
    for (const { messageId, error } of failed) changed.push(await markSendFailed(tx, messageId, error));
    const told = [...assigned.filter((result) => result.changed).map((result) => result.message), ...changed.slice(assigned.length)];
    await toldOfStatuses(tx, deps, told);
    afterCommit(tx, () => deps.realtime.toEveryoneAll(changed.flatMap(messageStatusEmit)));
  });
}

/** The bot hands conversations (held by the caller's transaction) to the agents; see handOffToAgents. */
export function handOffBotConversations(
  tx: Tx,
  deps: MessagingDeps,
  held: readonly ConversationSession[],
  reason?: string,
): Promise<AgentSession[]> {
  return handOffToAgents(tx, deps, held, reason);
}
