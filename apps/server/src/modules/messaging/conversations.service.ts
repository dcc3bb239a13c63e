import {
  type chatHistoryResponseSchema,
  type conversationsQuerySchema,
  type conversationsResponseSchema,
  type failedMessagesResponseSchema,
  type markReadResponseSchema,
  type messageStatusResponseSchema,
  timeRanges,
} from '@wac/contract/chat';
import { paginationOf } from '@wac/contract/common';
import { type ConversationReadEvent, whatsappEventNames } from '@wac/contract/whatsapp-events';
import { customerAddressError, parseCustomerAddress } from '@wac/contract/whatsapp-user-id';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/app-error.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { toChatMessage } from './chat-message.ts';
import { decodeCursor, encodeCursor } from './conversation-cursor.ts';
import { findSessions } from './conversation-sessions.repository.ts';
import { pageTotal } from './conversation-total.ts';
import { toChatMessages, toConversationSummary } from './conversation-views.ts';
import {
  type ConversationFilter,
  conversationSummaryOf,
  countConversations,
  countFailedMessages,
  countMessages,
  failedMessages,
  inboundConversationsOf,
  listConversations,
  markInboundRead,
  messagesPage,
  messageWithSender,
  recountUnread,
} from './conversations.repository.ts';
import { lockConversations } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { optedOutCustomers } from './opt-outs.repository.ts';
import { assertNotHeldByOther, type SessionActor } from './session-transitions.ts';

const DAY_MS = 86_400_000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** startDate and endDate as a half-open range; a plain date for endDate includes that whole day. */
function filterOf(query: z.infer<typeof conversationsQuerySchema>): ConversationFilter {
  const from = query.startDate ? new Date(query.startDate) : undefined;
  const before = query.endDate ? new Date(new Date(query.endDate).getTime() + (isDateOnly(query.endDate) ? DAY_MS : 1)) : undefined;
  if (from && before && from >= before) throw badRequest('startDate must be before endDate');
  return { search: query.search || undefined, phoneNumberId: query.phoneNumberId, from, before };
}

/** A whole number or BSUID finds that contact alone (an index lookup); only when it has no conversation, any containing it. */
async function exactPhoneFirst(deps: MessagingDeps, filter: ConversationFilter): Promise<ConversationFilter> {
  const address = filter.search ? parseCustomerAddress(filter.search) : null;
  if (!address) return filter;
  const exact = { ...filter, search: undefined, address };
  return (await countConversations(deps.db, exact)) > 0 ? exact : filter;
}

/** A page of the list by number (offset) or after a cursor (keyset); a cursor also carries its offset for the pagination. */
export async function listConversationSummaries(
  deps: MessagingDeps,
  query: z.infer<typeof conversationsQuerySchema>,
): Promise<z.infer<typeof conversationsResponseSchema>> {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const filter = await exactPhoneFirst(deps, filterOf(query));
  const offset = cursor ? cursor.offset : ((query.page ?? 1) - 1) * query.limit;
  const unfiltered = !filter.search && !filter.address && !filter.phoneNumberId && !filter.from && !filter.before;
  const count = () => (unfiltered ? deps.conversationTotal.count() : countConversations(deps.db, filter));
  // Counting is O(conversations): the inbox's total is reused for a few seconds when the page does not decide it.
  const recent = unfiltered ? deps.conversationTotal.recent() : null;
  // One row beyond the page tells whether another page follows.
  const [found, counted] = await Promise.all([
    listConversations(deps.db, filter, query.limit + 1, cursor ? { after: cursor } : { offset }),
    recent === null ? count() : null,
  ]);
  const rows = found.slice(0, query.limit);
  const more = found.length > rows.length;
  // The count and the page are read apart: never answer less than the page shows.
  const total = pageTotal({ offset, rows: rows.length, more, known: counted ?? recent }) ?? Math.max(await count(), offset + rows.length);
  const last = rows.at(-1);
  return {
    conversations: rows.map(toConversationSummary),
    pagination: paginationOf(Math.floor(offset / query.limit) + 1, query.limit, total),
    nextCursor: more && last ? encodeCursor({ at: last.sortAt, id: last.id, offset: offset + rows.length }) : null,
  };
}

/** Page 1 holds the newest messages; every page reads oldest first, as a thread does. */
export async function chatHistory(
  deps: MessagingDeps,
  customer: string,
  query: { page: number; limit: number; phoneNumberId?: string },
): Promise<z.infer<typeof chatHistoryResponseSchema>> {
  const { page, limit } = query;
  const address = parseCustomerAddress(customer);
  if (!address) throw badRequest(customerAddressError('phone'));
  const summary = await conversationSummaryOf(deps.db, address, query.phoneNumberId);
  if (!summary) return { conversation: null, messages: [], pagination: paginationOf(page, limit, 0) };
  const conversationId = summary.id;
  const [rows, total, optedOut] = await Promise.all([
    messagesPage(deps.db, conversationId, limit, (page - 1) * limit),
    countMessages(deps.db, conversationId),
    deps.optOutSettings().then((keywords) => optedOutCustomers(deps.db, [customer], keywords)),
  ]);
  return {
    conversation: { ...toConversationSummary(summary), optedOut: optedOut.size > 0, marketingOptedOut: summary.marketingOptOutAt !== null },
    messages: await toChatMessages(deps.db, deps.links, rows.reverse()),
    pagination: paginationOf(page, limit, total),
  };
}

/**
 * Marks customers' messages read, recounts the badges, tells every console, and sends Meta a read
 * receipt for the newest message newly read in each conversation (a failed receipt is only logged).
 * Reading is the holder's, as writing is: a conversation a colleague holds refuses an agent the whole request (409
 * naming the holder), with nothing marked and no receipt sent.
 */
export async function markRead(
  deps: MessagingDeps,
  actor: SessionActor,
  messageIds: number[],
): Promise<z.infer<typeof markReadResponseSchema>> {
  const marked = await inTransaction(deps.db, async (tx) => {
    // Held in id order, as every writer of several conversations holds them, so no takeover slips in before the marks.
    const conversationIds = await inboundConversationsOf(tx, messageIds);
    if (conversationIds.length === 0) return { conversationIds: [], updated: [], numbers: new Map<number, string>() };
    await lockConversations(tx, conversationIds);
    const sessions = await findSessions(tx, conversationIds);
    for (const conversation of sessions.values()) assertNotHeldByOther(conversation, actor);
    const marked = await markInboundRead(tx, messageIds);
    const counts = await recountUnread(tx, marked.conversationIds);
    afterCommit(tx, () => {
      for (const { id, unreadCount } of counts) {
        deps.realtime.toEveryone(whatsappEventNames.conversationRead, { conversationId: id, unreadCount } satisfies ConversationReadEvent);
      }
    });
    // Each receipt goes from the number the customer wrote to.
    return { ...marked, numbers: new Map([...sessions].map(([id, s]) => [id, s.phoneNumberId])) };
  });
  // The newest by (timestamp, id): Meta's timestamps have whole seconds, and the rows come in no particular order.
  const newest = new Map<number, { wamid: string; at: number; id: number; conversationId: number }>();
  for (const m of marked.updated) {
    const seen = newest.get(m.conversationId);
    const at = m.timestamp.getTime();
    if (m.wamid && (!seen || at > seen.at || (at === seen.at && m.id > seen.id)))
      newest.set(m.conversationId, { wamid: m.wamid, at, id: m.id, conversationId: m.conversationId });
  }
  if (!(await deps.readReceipts())) return { updated: marked.updated.length, conversationIds: marked.conversationIds };
  await Promise.all(
    [...newest.values()].map(({ wamid, conversationId }) =>
      deps.client
        .forNumber(marked.numbers.get(conversationId) ?? deps.numbers.firstPhoneNumberId)
        .markRead(wamid)
        .catch((err) => deps.log.warn({ err, wamid }, 'WhatsApp read receipt failed')),
    ),
  );
  return { updated: marked.updated.length, conversationIds: marked.conversationIds };
}

export async function messageStatus(deps: MessagingDeps, messageId: number): Promise<z.infer<typeof messageStatusResponseSchema>> {
  const found = await messageWithSender(deps.db, messageId);
  if (!found) throw notFound('Message not found');
  const { id, wamid, status, sentAt, deliveredAt, readAt, failedAt, error } = toChatMessage(found.message);
  return { id, wamid, status, sentAt, deliveredAt, readAt, failedAt, error };
}

export async function listFailedMessages(
  deps: MessagingDeps,
  query: { timeRange: keyof typeof timeRanges; page: number; limit: number },
): Promise<z.infer<typeof failedMessagesResponseSchema>> {
  const since = new Date(Date.now() - timeRanges[query.timeRange]);
  const [rows, total] = await Promise.all([
    failedMessages(deps.db, since, query.limit, (query.page - 1) * query.limit),
    countFailedMessages(deps.db, since),
  ]);
  const views = await toChatMessages(deps.db, deps.links, rows);
  return {
    messages: views.map((message, i) => {
      const contact = rows[i]?.contact;
      if (!contact) throw new Error('failed message without its contact');
      const { id, name, phone, waId, bsuid, username } = contact;
      return { ...message, contact: { id, name, phone, waId, bsuid, username } };
    }),
    pagination: paginationOf(query.page, query.limit, total),
  };
}
