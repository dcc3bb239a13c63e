import type { OptKeywords } from '@wac/contract/app-settings-defaults';
import type { Tx } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { type AcceptedTemplateSend, storeAcceptedTemplates } from './accepted-template-sends.ts';
import { endSession, getSession, returnToBot, takeOver } from './agent-sessions.service.ts';
import { chatHistory, listConversationSummaries, listFailedMessages, markRead, messageStatus } from './conversations.service.ts';
import { lockWamids } from './message-statuses.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { optedOutPhones } from './opt-outs.repository.ts';
import { customersWritingSince } from './recent-customers.repository.ts';
import { retryMessage } from './retry-message.ts';
import { sendMedia } from './send-media.ts';
import { sendText } from './send-text.ts';

export type MessagingService = ReturnType<typeof createMessagingService>;

/** Messaging as routes and other domains call it: the use cases of the inbox, sending and agent sessions. */
export function createMessagingService(deps: MessagingDeps) {
  const bound = bindDeps(deps);
  return {
    listConversations: bound(listConversationSummaries),
    chatHistory: bound(chatHistory),
    markRead: bound(markRead),
    messageStatus: bound(messageStatus),
    listFailedMessages: bound(listFailedMessages),
    sendText: bound(sendText),
    sendMedia: bound(sendMedia),
    retryMessage: bound(retryMessage),
    session: bound(getSession),
    takeOver: bound(takeOver),
    returnToBot: bound(returnToBot),
    endSession: bound(endSession),
    customersWritingSince: (since: Date, limit: number) => customersWritingSince(deps.db, since, limit),
    optedOut: (phones: readonly string[], keywords: OptKeywords) => optedOutPhones(deps.db, phones, keywords),
    /** Campaign sends Meta accepted, stored in their customers' conversations within the caller's transaction. */
    storeAcceptedTemplates: (tx: Tx, sends: AcceptedTemplateSend[]) => storeAcceptedTemplates(tx, deps.phoneNumberId, sends),
    /** Takes these messages' locks first, in the order webhook batches take them, before other rows of the same sends. */
    lockWamids: (tx: Tx, wamids: string[]) => lockWamids(tx, wamids),
  };
}
