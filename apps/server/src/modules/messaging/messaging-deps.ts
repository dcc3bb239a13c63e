import type { OptOutSettings } from '@wac/contract/app-settings-defaults';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { CloudApiClient } from '../../whatsapp/cloud-api-client.ts';
import type { ActivityService } from '../activities/index.ts';
import type { LicenseService } from '../license/index.ts';
import type { BusinessNumbers } from '../numbers/index.ts';
import { type ConversationTotal, createConversationTotal } from './conversation-total.ts';
import { countConversations } from './conversations.repository.ts';
import type { MediaLinks } from './media-links.ts';
import type { Resender } from './retry-message.ts';

/** What messaging's use cases work with: the shared services they need and the inbox total's cache. */
export interface MessagingDeps {
  db: Db;
  log: FastifyBaseLogger;
  realtime: Realtime;
  activities: ActivityService;
  /** Every message sent counts against the licence's daily messages quota; files against storage. */
  license: LicenseService;
  client: CloudApiClient;
  storage: MediaStorage;
  links: MediaLinks;
  /** The business's numbers: which one each send leaves from, and whether it may. */
  numbers: BusinessNumbers;
  /** The unfiltered inbox total, reused for a few seconds. */
  conversationTotal: ConversationTotal;
  /** The opt-out and opt-in words and their confirmations (Settings), read for each batch of customers' messages. */
  optOutSettings: (tx?: DbOrTx) => Promise<OptOutSettings>;
  /** Whether Meta gets read receipts and typing indicators (Settings: app.read_receipts). */
  readReceipts: () => Promise<boolean>;
  /** Whether MARKETING templates go through Meta's Marketing Messages API (Settings: app.marketing_messages_api). */
  marketingMessagesApi: () => Promise<boolean>;
  /** How a failed message of another domain's type goes again, by type: templates' (given by the composition root). */
  resenders: ReadonlyMap<string, Resender>;
  /** What happens here that other domains act on (bot flows, templates, campaigns, outbound webhooks subscribe). */
  events: DomainEvents;
}

/** Built once at start by the composition root from the shared services; messaging adds its own parts. */
export function createMessagingDeps(shared: Omit<MessagingDeps, 'conversationTotal'>): MessagingDeps {
  return {
    ...shared,
    conversationTotal: createConversationTotal(() => countConversations(shared.db, {})),
  };
}
