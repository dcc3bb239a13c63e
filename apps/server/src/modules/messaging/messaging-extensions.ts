import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { WebhookChanges } from '../../whatsapp/webhook/webhook-payload.ts';

/** The send to make once a retry is committed. */
export type Resend = (waId: string) => Promise<{ wamid: string }>;

/** Checks that a failed message of another domain's type can go again as it was, and answers how. */
export type Resender = (content: MessageContent) => Promise<Resend>;

/** Another domain's part of a batch of webhook deliveries, in the transaction storing it: answers what to announce after commit. */
export type WebhookChangesHandler = (tx: Tx, changes: WebhookChanges[]) => Promise<RealtimeEmit[]>;

/**
 * What other domains add to messaging as they register, so that messaging never imports them: how their messages
 * are retried (templates; campaigns next) and what they take from Meta's webhooks (template reviews; campaign
 * recipients' statuses next).
 */
export interface MessagingExtensions {
  /** By message type. */
  resenders: Map<string, Resender>;
  webhookHandlers: WebhookChangesHandler[];
}

export function createMessagingExtensions(): MessagingExtensions {
  return { resenders: new Map(), webhookHandlers: [] };
}
