import type { OptKeywords } from '@wac/contract/app-settings-defaults';
import type { TemplateCategory } from '@wac/contract/templates';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { type AcceptedTemplateSend, storeAcceptedTemplates } from './accepted-template-sends.ts';
import { endSession, getSession, returnToBot, takeOver } from './agent-sessions.service.ts';
import { inboundForBots } from './bot-inbound.ts';
import {
  type BotDelivery,
  type BotTurnReplies,
  deliverBotReplies,
  handOffBotConversations,
  holdForBots,
  queueBotReplies,
} from './bot-replies.ts';
import { marketingOptedOut } from './contacts.repository.ts';
import { type ConversationSession, findSessions } from './conversation-sessions.repository.ts';
import { chatHistory, listConversationSummaries, listFailedMessages, markRead, messageStatus } from './conversations.service.ts';
import { correctSentiment } from './correct-sentiment.ts';
import { phonesOfMessages } from './message-phones.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { optedOutCustomers } from './opt-outs.repository.ts';
import { customersWritingSince } from './recent-customers.repository.ts';
import { repliedWithin } from './replies.repository.ts';
import { retryMessage } from './retry-message.ts';
import { sendMedia } from './send-media.ts';
import { sendInteractive, sendText } from './send-text.ts';
import {
  type BatchTemplateSend,
  type SendSettlement,
  sendTemplateBatch,
  sendTemplateMessage,
  settleTemplateSends,
  viaMarketingApi,
} from './template-sends.ts';
import { createTypingIndicator } from './typing-indicator.ts';

/** A conversation with its agent-session state and contact, as the bot and other domains hold it. */
export type { ConversationSession };

export type MessagingService = ReturnType<typeof createMessagingService>;

/** Messaging as routes and other domains call it: the use cases of the inbox, sending and agent sessions. */
export function createMessagingService(deps: MessagingDeps) {
  const bound = bindDeps(deps);
  return {
    listConversations: bound(listConversationSummaries),
    chatHistory: bound(chatHistory),
    markRead: bound(markRead),
    /** The agent is typing: the customer sees WhatsApp's typing indicator (typing-indicator.ts). */
    agentTyping: createTypingIndicator(deps),
    /** A person's sentiment label for a customer's text. */
    correctSentiment: bound(correctSentiment),
    messageStatus: bound(messageStatus),
    listFailedMessages: bound(listFailedMessages),
    sendText: bound(sendText),
    sendInteractive: bound(sendInteractive),
    sendMedia: bound(sendMedia),
    /** A template message from an agent or an API key, checked against its template by templates. */
    sendTemplate: bound(sendTemplateMessage),
    /** A campaign's slice, each send once; the answers are settled with settleTemplateSends. */
    sendTemplateBatch: (sends: readonly BatchTemplateSend[]) => sendTemplateBatch(deps, sends),
    /** Whether templates of this category go through Meta's Marketing Messages API now (Settings). */
    viaMarketingApi: (category: TemplateCategory) => viaMarketingApi(deps, category),
    /** A batch's answers settled in one transaction, the messages locked first (the lock order: template-sends.ts). */
    settleTemplateSends: <T>(wamids: string[], settle: SendSettlement<T>) => settleTemplateSends(deps, wamids, settle),
    retryMessage: bound(retryMessage),
    session: bound(getSession),
    takeOver: bound(takeOver),
    returnToBot: bound(returnToBot),
    endSession: bound(endSession),
    customersWritingSince: (since: Date, limit: number) => customersWritingSince(deps.db, since, limit),
    optedOut: (phones: readonly string[], keywords: OptKeywords) => optedOutCustomers(deps.db, phones, keywords),
    /** Which of these customers stopped marketing messages (WhatsApp's own setting, or error 131050). */
    marketingOptedOut: (customers: readonly string[]) => marketingOptedOut(deps.db, customers),
    /** How many of these messages their customers answered within `hours` (a campaign's replies). */
    repliedWithin: (messageIds: readonly number[], hours: number) => repliedWithin(deps.db, messageIds, hours),
    /** The customer's number of each message's conversation (links to /chat from other domains' lists). */
    phonesOfMessages: (messageIds: readonly number[]) => phonesOfMessages(deps.db, messageIds),
    /** Campaign sends a webhook batch settled, stored in their customers' conversations within its transaction. */
    storeAcceptedTemplates: (tx: Tx, sends: AcceptedTemplateSend[]) => storeAcceptedTemplates(tx, deps, sends),

    // Bots' turns (bot flows), many conversations at once: read what the customers wrote, hold the conversations,
    // store the replies in the turns' transaction, hand over to the agents, and send the replies once committed.
    /** Customers' messages as bots read them, with their conversations' state now. */
    inboundForBots: (db: DbOrTx, messageIds: readonly number[]) => inboundForBots(db, messageIds),
    /** Conversations as a bot turn starts them (the customers' phones and names), read without holding them. */
    botConversations: (conversationIds: readonly number[]) => findSessions(deps.db, conversationIds),
    holdForBots: (tx: Tx, conversationIds: readonly number[]) => holdForBots(tx, conversationIds),
    queueBotReplies: (tx: Tx, turns: readonly BotTurnReplies[]) => queueBotReplies(tx, deps, turns),
    handOffToAgents: (tx: Tx, held: readonly ConversationSession[], reason?: string) => handOffBotConversations(tx, deps, held, reason),
    deliverBotReplies: (deliveries: readonly BotDelivery[]) => deliverBotReplies(deps, deliveries),
  };
}
