import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { TemplateToSend } from './template-sends.ts';

/** Checks that a failed message of another domain's type (a template) can go again as it was, and answers what to send. */
export type Resender = (content: MessageContent) => Promise<TemplateToSend>;

/** The campaign that sent each of these template messages that one did, by wamid (template analytics name it). */
export type CampaignsOfSends = (wamids: readonly string[]) => Promise<Map<string, { id: string; name: string }>>;

/**
 * What other domains give messaging as they register, so that messaging never imports them: how their messages are
 * retried (templates) and which campaign sent a message (campaigns). What they do with messaging's events goes through
 * the domain events (events/domain-events.ts) instead.
 */
export interface MessagingExtensions {
  /** By message type. */
  resenders: Map<string, Resender>;
  campaignsOfSends: CampaignsOfSends;
}

export function createMessagingExtensions(): MessagingExtensions {
  return {
    resenders: new Map(),
    campaignsOfSends: async () => new Map(),
  };
}
