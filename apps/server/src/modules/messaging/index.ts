/**
 * Messaging, where messages live: contacts, conversations, messages, statuses and media, received and sent.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export type { AcceptedTemplateSend } from './accepted-template-sends.ts';
export type { BotDelivery, BotTurnReplies } from './bot-replies.ts';
export { settleConversationsAfterDeletion } from './conversations.repository.ts';
export type { MediaLinks } from './media-links.ts';
export { loadMediaLinks } from './media-links.ts';
export type { MediaUpload } from './media-upload.ts';
export { readUpload } from './media-upload.ts';
export { lockConversations } from './messages.repository.ts';
export { type MessagingDomainDeps, registerMessaging } from './messaging.plugin.ts';
export type { ConversationSession, MessagingService } from './messaging.service.ts';
export { createMessagingService } from './messaging.service.ts';
export type { MessagingDeps } from './messaging-deps.ts';
export { createMessagingDeps } from './messaging-deps.ts';
export { recipientOf, type Sender } from './queue-outbound.ts';
export type { Resender } from './retry-message.ts';
export type { InteractiveReply } from './send-text.ts';
export type { CampaignsOfSends, TemplateAnalyticsService } from './template-analytics.service.ts';
export { createTemplateAnalyticsService } from './template-analytics.service.ts';
export type { TemplateToSend } from './template-sends.ts';
