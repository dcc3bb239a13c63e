import { DEFAULT_TAKEOVER_REASON } from '@wac/contract/agent-sessions';
import { type ChatMessage, isServiceWindowOpen } from '@wac/contract/chat';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { MessageContent, MessageError } from '@wac/contract/whatsapp-messages';
import { normalizePhone, toE164Digits } from '@wac/contract/whatsapp-phone';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import type { Realtime, RealtimeEmit } from '../../realtime/realtime.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { type CloudApiClient, CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import type { ActivityService } from '../activities/activities.service.ts';
import { type ConversationSession, lockConversation } from '../agent-sessions/agent-sessions.repository.ts';
import { assertNotHeldByOther, type SessionActor, transitionSession } from '../agent-sessions/session-transitions.ts';
import type { LicenceService } from '../license/license.service.ts';
import type { MediaLinks } from '../media/media-links.ts';
import { upsertConversation } from '../messaging/inbound-messages.repository.ts';
import { messageStatusEmit } from '../messaging/message-events.ts';
import { assignWamid, findOrCreateContact, insertOutbound, type MessageRow, markSendFailed } from '../messaging/messages.repository.ts';
import { toChatMessages } from './chat-views.ts';
import type { ConversationTotal } from './conversation-total.ts';

export interface ChatDeps {
  db: Db;
  log: FastifyBaseLogger;
  realtime: Realtime;
  activities: ActivityService;
  /** Every message sent counts against the licence's daily messages quota; files against storage. */
  licence: LicenceService;
  client: CloudApiClient;
  storage: MediaStorage;
  /** DATA_DIR/uploads: files kept to send as template header media, again when a failed template is retried. */
  uploads: MediaStorage;
  links: () => Promise<MediaLinks>;
  /** The business number agents write from. */
  phoneNumberId: string;
  /** The unfiltered inbox total, reused for a few seconds. */
  conversationTotal: ConversationTotal;
}

export const SERVICE_WINDOW_CLOSED_MESSAGE =
  'The 24-hour customer service window is closed: the customer has not written in the last 24 hours. Send an approved template instead.';

/** Free-form messages only within 24 hours of the customer's last message; checked before anything reaches Meta. */
export function assertWindowOpen(lastInboundAt: Date | null): void {
  if (!isServiceWindowOpen(lastInboundAt)) throw new AppError('SERVICE_WINDOW_CLOSED', SERVICE_WINDOW_CLOSED_MESSAGE, 400);
}

export interface Recipient {
  /** Canonical E.164 digits: the contact's key. */
  phone: string;
  /** The digits as typed, where a new contact is reached until WhatsApp reports its own form. */
  waId: string;
  name: string | null;
}

export function recipientOf(input: { recipientPhone: string; recipientName?: string }): Recipient {
  const phone = normalizePhone(input.recipientPhone);
  const waId = toE164Digits(input.recipientPhone);
  if (!phone || !waId) throw badRequest('recipientPhone must be a phone number in international format, such as +447700900123');
  return { phone, waId, name: input.recipientName || null };
}

/** The conversation an agent writes into, created for a new contact, and locked until the transaction ends. */
export async function openConversation(tx: Tx, deps: ChatDeps, recipient: Recipient): Promise<ConversationSession> {
  const contact = await findOrCreateContact(tx, recipient);
  const conversationId = await upsertConversation(tx, contact.id, deps.phoneNumberId);
  const conversation = await lockConversation(tx, conversationId);
  if (!conversation) throw new Error(`conversation ${conversationId} vanished`);
  return conversation;
}

/**
 * An agent writing in a conversation the bot (or nobody) has takes it over; one another agent holds takes only an
 * admin's message (the admin writes without taking it). Returns what to publish after commit.
 */
export async function takeOverOnSend(tx: Tx, deps: ChatDeps, conversation: ConversationSession, actor: SessionActor): Promise<() => void> {
  assertNotHeldByOther(conversation, actor);
  if (conversation.state === 'agent') return () => {};
  const { publish } = await transitionSession(tx, deps, { conversation, action: 'takeover', actor, reason: DEFAULT_TAKEOVER_REASON });
  return publish;
}

/**
 * Stores an agent's message as pending in a conversation the caller locked; refused outside the
 * service window or past the daily messages quota, with nothing written.
 */
export async function queueAgentMessage(
  tx: Tx,
  deps: Pick<ChatDeps, 'licence'>,
  conversation: ConversationSession,
  actor: SessionActor,
  input: { type: string; content: MessageContent },
): Promise<MessageRow> {
  assertWindowOpen(conversation.lastInboundAt);
  return queueOutsideWindow(tx, deps, conversation, actor, input);
}

/** As queueAgentMessage without the window check: for approved templates, which Meta delivers at any time. */
export async function queueOutsideWindow(
  tx: Tx,
  deps: Pick<ChatDeps, 'licence'>,
  conversation: ConversationSession,
  actor: SessionActor,
  input: { type: string; content: MessageContent; templateName?: string },
): Promise<MessageRow> {
  await deps.licence.consumeMessages(tx, 1);
  const { message } = await insertOutbound(tx, { ...input, conversationId: conversation.conversationId, wamid: null, userId: actor.id });
  return message;
}

export function emitAll(realtime: Realtime, emits: RealtimeEmit[]): void {
  for (const { event, payload } of emits) realtime.toEveryone(event, payload);
}

export async function viewMessage(deps: ChatDeps, message: MessageRow, senderName: string | null): Promise<ChatMessage> {
  const [view] = await toChatMessages(deps.db, await deps.links(), [{ message, senderName }]);
  if (!view) throw new Error(`message ${message.id} has no view`);
  return view;
}

function sendErrorOf(err: unknown): MessageError {
  if (err instanceof CloudApiError) return { code: err.code ?? null, title: err.title, details: err.details ?? err.metaMessage };
  return { code: null, title: 'The message could not be sent', details: err instanceof Error ? err.message : String(err) };
}

/**
 * Hands a committed pending message to the Graph API and records the outcome: Meta's wamid (statuses
 * that raced ahead are applied), or failed with Meta's code, title and details so the agent can retry.
 */
export async function dispatch(deps: ChatDeps, messageId: number, send: () => Promise<{ wamid: string }>): Promise<MessageRow> {
  let wamid: string;
  try {
    ({ wamid } = await send());
  } catch (err) {
    deps.log.warn({ err, messageId }, 'WhatsApp send failed');
    const failed = await deps.db.transaction((tx) => markSendFailed(tx, messageId, sendErrorOf(err)));
    emitAll(deps.realtime, messageStatusEmit(failed));
    return failed;
  }
  const result = await deps.db.transaction((tx) => assignWamid(tx, messageId, wamid));
  if (result.changed) emitAll(deps.realtime, messageStatusEmit(result.message));
  return result.message;
}

/** After commit: every console shows the pending message at once, then it goes to Meta; answers with where it ended. */
export async function deliverAgentMessage(
  deps: ChatDeps,
  message: MessageRow,
  actor: SessionActor,
  send: () => Promise<{ wamid: string }>,
): Promise<ChatMessage> {
  const pending = await viewMessage(deps, message, actor.username);
  deps.realtime.toEveryone(whatsappEventNames.agentMessageSent, { conversationId: message.conversationId, message: pending });
  return viewMessage(deps, await dispatch(deps, message.id, send), actor.username);
}
