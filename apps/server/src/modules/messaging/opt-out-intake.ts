import type { OptOutSettings } from '@wac/contract/app-settings-defaults';
import type { BotReply } from '@wac/contract/flows';
import { type ContactOptOutEvent, whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import { type BotTurnReplies, deliverBotReplies, queueBotReplies } from './bot-replies.ts';
import { findSessions } from './conversation-sessions.repository.ts';
import { addPublished, type OptKeywordIntake } from './handle-webhook-events.ts';
import type { MessageRow } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { type OptKeywordKind, optKeywordMatcher } from './opt-keywords.ts';
import { optedOutCustomers } from './opt-outs.repository.ts';

type KeywordMessage = { message: MessageRow; kind: OptKeywordKind };

const inOrder = (a: KeywordMessage, b: KeywordMessage) =>
  a.message.timestamp.getTime() - b.message.timestamp.getTime() || a.message.id - b.message.id;

/**
 * Customers' opt-out and opt-in words, answered before any bot sees them, in the transaction storing them. An opt-out
 * word opts the customer out, ends any bot session in that conversation and gets the configured confirmation alone;
 * an opt-in word from a customer who had opted out opts them back in and gets its confirmation. The confirmations go
 * out whoever holds the conversation. Anything else (an opt-in word from a customer who never opted out too) is left
 * for the bots. Costs nothing more than a look at each text when no keyword came.
 */
export function createOptKeywordIntake(deps: MessagingDeps): OptKeywordIntake {
  return async (tx, stored, outcome) => {
    if (stored.length === 0) return stored;
    const settings = await deps.optOutSettings(tx);
    const kindOf = optKeywordMatcher(settings);
    const words = stored.flatMap((message): KeywordMessage[] => {
      const kind = kindOf((message.content as MessageContent | null)?.text);
      return kind ? [{ message, kind }] : [];
    });
    if (words.length === 0) return stored;
    const answered = await answerKeywords(tx, deps, settings, stored, words.sort(inOrder));
    outcome.emits.push(...answered.changes.map((payload) => ({ event: whatsappEventNames.contactOptOut, payload }) as const));
    addPublished(outcome, answered.published);
    if (answered.deliveries.some((delivery) => delivery.replies.length > 0)) {
      outcome.afterCommit.push(() => {
        deliverBotReplies(deps, answered.deliveries, { whoeverHolds: true }).catch((err) =>
          deps.log.error({ err }, 'opt-out confirmations could not be sent or recorded'),
        );
      });
    }
    return stored.filter((message) => !answered.consumed.has(message.id));
  };
}

async function answerKeywords(tx: Tx, deps: MessagingDeps, settings: OptOutSettings, stored: MessageRow[], words: KeywordMessage[]) {
  const conversations = await findSessions(tx, [...new Set(words.map(({ message }) => message.conversationId))]);
  const phoneOf = (message: MessageRow) => conversations.get(message.conversationId)?.phone;
  // Where customers writing an opt-in word stood before this batch: only those who had opted out are answered.
  const optingIn = new Set<string>();
  for (const { message, kind } of words) {
    const phone = phoneOf(message);
    if (kind === 'in' && phone !== undefined) optingIn.add(phone);
  }
  const wasOut =
    optingIn.size > 0
      ? await optedOutCustomers(
          tx,
          [...optingIn],
          settings,
          stored.map((message) => message.id),
        )
      : new Set<string>();
  const optedOut = new Map([...wasOut].map((phone) => [phone, true]));

  const consumed = new Set<number>();
  const optedOutIn = new Set<number>();
  const changes = new Map<string, boolean>();
  const repliesOf = new Map<number, BotReply[]>();
  for (const { message, kind } of words) {
    const phone = phoneOf(message);
    if (phone === undefined || (kind === 'in' && !optedOut.get(phone))) continue;
    consumed.add(message.id);
    optedOut.set(phone, kind === 'out');
    changes.set(phone, kind === 'out');
    if (kind === 'out') optedOutIn.add(message.conversationId);
    const confirmation = kind === 'out' ? settings.optOutConfirmation : settings.optInConfirmation;
    if (confirmation)
      repliesOf.set(message.conversationId, [...(repliesOf.get(message.conversationId) ?? []), { type: 'text', text: confirmation }]);
  }

  // Bot flows end their sessions there, so nothing they planned or would time out says another word.
  const published = await deps.events.publish(
    tx,
    [...optedOutIn].map((conversationId) => ({ type: 'conversation.opted_out', conversationId })),
  );
  const turns = [...repliesOf].flatMap(([conversationId, replies]): BotTurnReplies[] => {
    const conversation = conversations.get(conversationId);
    return conversation ? [{ conversation, replies }] : [];
  });
  return {
    consumed,
    published,
    deliveries: await queueBotReplies(tx, deps, turns),
    changes: [...changes].map(([phone, optedOut]): ContactOptOutEvent => ({ phone, optedOut })),
  };
}
