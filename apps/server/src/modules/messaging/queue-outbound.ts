import { isServiceWindowOpen } from '@wac/contract/chat';
import type { MessageContent, MessageType } from '@wac/contract/whatsapp-messages';
import { customerAddressError, type NamedRecipient, namedRecipient } from '@wac/contract/whatsapp-user-id';
import type { Tx } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import type { LicenseService } from '../license/index.ts';
import { insertOutbound, type MessageRow } from './messages.repository.ts';
import type { SessionActor } from './session-transitions.ts';

/** The conversation a message is queued in, locked by the caller until its transaction ends. */
interface QueueIn {
  conversationId: number;
  lastInboundAt: Date | null;
}

export const SERVICE_WINDOW_CLOSED_MESSAGE =
  'The 24-hour customer service window is closed: the customer has not written in the last 24 hours. Send an approved template instead.';

/** Free-form messages only within 24 hours of the customer's last message; checked before anything reaches Meta. */
export function assertWindowOpen(lastInboundAt: Date | null): void {
  if (!isServiceWindowOpen(lastInboundAt)) throw new AppError('SERVICE_WINDOW_CLOSED', SERVICE_WINDOW_CLOSED_MESSAGE, 400);
}

/** An API key sending through the public API: its messages carry the key, and no agent. */
export interface ApiKeySender {
  apiKey: { id: number; name: string };
}

/** Who a message is sent as: an agent in the console, or an API key. */
export type Sender = SessionActor | ApiKeySender;

export const isApiKeySender = (sender: Sender): sender is ApiKeySender => 'apiKey' in sender;

/** The message's author columns: the agent who wrote it, or the key it came through. */
function authorOf(sender: Sender): { userId: number | null; apiKeyId: number | null } {
  return isApiKeySender(sender) ? { userId: null, apiKeyId: sender.apiKey.id } : { userId: sender.id, apiKeyId: null };
}

/** Whom an agent or a key writes to: a number (canonical, and the digits as typed) or a BSUID, and a name for a new contact. */
export type Recipient = NamedRecipient & { name: string | null };

/** The recipient a send names in `field`; a clear 400 naming the field when it is neither a number nor a BSUID. */
export function recipientOf(raw: string, name: string | undefined, field: string): Recipient {
  const named = namedRecipient(raw);
  if (!named) throw badRequest(customerAddressError(field), [{ field, message: customerAddressError(field) }]);
  return { ...named, name: name || null };
}

/**
 * Stores an agent's (or a key's) message as pending in a conversation the caller locked; refused outside the
 * service window or past the daily messages quota, with nothing written.
 */
export async function queueAgentMessage(
  tx: Tx,
  deps: { license: LicenseService },
  conversation: QueueIn,
  sender: Sender,
  input: { type: MessageType; content: MessageContent },
): Promise<MessageRow> {
  assertWindowOpen(conversation.lastInboundAt);
  return queueOutsideWindow(tx, deps, conversation, sender, input);
}

/** As queueAgentMessage without the window check: for approved templates, which Meta delivers at any time. */
export async function queueOutsideWindow(
  tx: Tx,
  deps: { license: LicenseService },
  conversation: QueueIn,
  sender: Sender,
  input: { type: MessageType; content: MessageContent; templateName?: string },
): Promise<MessageRow> {
  await deps.license.consumeMessages(tx, 1);
  const { message } = await insertOutbound(tx, { ...input, ...authorOf(sender), conversationId: conversation.conversationId, wamid: null });
  return message;
}
