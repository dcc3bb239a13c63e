import type { MessageContent } from '@wac/contract/whatsapp-messages';

/** The send to make once a retry is committed. */
export type Resend = (waId: string) => Promise<{ wamid: string }>;

/** Checks that a failed message of another domain's type can go again as it was, and answers how. */
export type Resender = (content: MessageContent) => Promise<Resend>;

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
