import type { OptKeywords } from '@wac/contract/app-settings-defaults';
import type { User } from '@wac/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { CloudApiClient, PhoneNumberLimits } from '../../whatsapp/cloud-api-client.ts';
import type { ActivityService } from '../activities/index.ts';
import type { LicenseService } from '../license/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { BusinessNumbers } from '../numbers/index.ts';
import type { MessagePrices } from '../pricing/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { TemplatesService } from '../templates/index.ts';

/** What campaigns' use cases work with. */
export interface CampaignDeps {
  db: Db;
  log: FastifyBaseLogger;
  realtime: Realtime;
  activities: ActivityService;
  /** Feature `campaigns`, the campaigns quota on create, the messages quota before start and per send batch. */
  license: LicenseService;
  templates: TemplatesService;
  /** What sends each slice to Meta, and stores the accepted sends in their customers' conversations. */
  messaging: MessagingService;
  /** The first business number: campaigns saved before there were several send from it. */
  phoneNumberId: string;
  /** The business's numbers: the one a campaign names must be listed and enabled. */
  numbers: Pick<BusinessNumbers, 'sendingNumber'>;
  /** The business's message rates: estimates before a start, spend after. */
  prices: Pick<MessagePrices, 'rates'>;
  /** Meta's messaging limit (the portfolio's, shared by all numbers) read through the campaign's number before a start. */
  phoneNumberLimits: (phoneNumberId: string) => Promise<PhoneNumberLimits>;
  /** Where an uploaded contacts file waits while it is read (DATA_DIR/uploads). */
  uploads: MediaStorage;
  /** Customers who last wrote one of these words are skipped (Settings). */
  optKeywords: () => Promise<OptKeywords>;
  /** How long a send whose answer was lost waits for Meta's status before its outcome is called unknown. */
  inDoubtGraceMs: number;
  /** Campaigns subscribe to messaging's webhook batches here, and publish campaign.finished. */
  events: DomainEvents;
}

/** What the campaigns domain is given when it registers (composition-root.ts). */
export interface CampaignsDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'whatsapp' | 'campaignInDoubtGraceMs' | 'campaignPacing'>;
  realtime: Realtime;
  jobs: JobRunner;
  activities: ActivityService;
  license: LicenseService;
  settings: Pick<SettingsService, 'optKeywords'>;
  templates: TemplatesService;
  messaging: MessagingService;
  /** Campaigns subscribe to messaging's webhook batches, and publish campaign.finished. */
  events: DomainEvents;
  /** The number's messaging limit, read by the start's pre-flight. */
  client: Pick<CloudApiClient, 'forNumber'>;
  numbers: Pick<BusinessNumbers, 'sendingNumber'>;
  prices: Pick<MessagePrices, 'rates'>;
  uploads: MediaStorage;
}

/** The business number a campaign sends from: its own, else (saved before there were several) the first. */
export const campaignNumber = (deps: Pick<CampaignDeps, 'phoneNumberId'>, campaign: { phoneNumberId: string | null }) =>
  campaign.phoneNumberId ?? deps.phoneNumberId;

export function createCampaignDeps(deps: CampaignsDeps): CampaignDeps {
  return {
    db: deps.db,
    log: deps.log,
    realtime: deps.realtime,
    activities: deps.activities,
    license: deps.license,
    templates: deps.templates,
    messaging: deps.messaging,
    phoneNumberId: deps.config.whatsapp.phoneNumberId,
    numbers: deps.numbers,
    prices: deps.prices,
    phoneNumberLimits: (phoneNumberId) => deps.client.forNumber(phoneNumberId).phoneNumberLimits(),
    uploads: deps.uploads,
    optKeywords: () => deps.settings.optKeywords(),
    inDoubtGraceMs: deps.config.campaignInDoubtGraceMs,
    events: deps.events,
  };
}

/** An admin's change to a campaign, recorded in the transaction that makes it. */
export function recordCampaignActivity(deps: CampaignDeps, tx: Tx, actor: User, type: string, name: string, details?: string) {
  return deps.activities.record({ type, sourceType: 'user', userId: actor.id, data: { username: actor.username, name, details } }, tx);
}

/** What the dispatch itself did to a campaign (paused it, finished it), shown to admins as a notification. */
export function recordSystemCampaignActivity(deps: CampaignDeps, tx: Tx, type: string, name: string, details?: string) {
  return deps.activities.record({ type, sourceType: 'system', data: { name, details } }, tx);
}
