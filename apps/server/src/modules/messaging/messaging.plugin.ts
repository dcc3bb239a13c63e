import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { CloudApiClient } from '../../whatsapp/cloud-api-client.ts';
import { sandboxPlugin } from '../../whatsapp/sandbox/sandbox.plugin.ts';
import { agentSessionsRoutes } from './agent-sessions.routes.ts';
import { chatRoutes } from './chat.routes.ts';
import { conversationReportsRoutes } from './conversation-reports.routes.ts';
import { createConversationReportsService } from './conversation-reports.service.ts';
import { mediaRoutes } from './media.routes.ts';
import { createMediaDownloadWorker } from './media-download.worker.ts';
import { createMediaService } from './media-library.service.ts';
import type { MediaLinks } from './media-links.ts';
import { mediaDownloadLoop, sentimentScoringLoop, staleSendSweepJob, webhookProcessingLoop } from './messaging.jobs.ts';
import type { MessagingService } from './messaging.service.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { createOptKeywordIntake } from './opt-out-intake.ts';
import { createSentimentScoringWorker } from './sentiment-scoring.worker.ts';
import { whatsappWebhookRoutes } from './webhook.routes.ts';
import { createWebhookProcessor } from './webhook-processor.ts';
import { whatsappChannelRoutes } from './whatsapp-channel.routes.ts';

export interface MessagingDomainDeps {
  database: Pick<Database, 'db' | 'pool'>;
  log: FastifyBaseLogger;
  config: Pick<Config, 'whatsapp' | 'rateLimits' | 'publicUrl' | 'dataDir'>;
  realtime: Realtime;
  jobs: JobRunner;
  /** The Graph API, for media downloads. */
  client: CloudApiClient;
  /** DATA_DIR/media_storage: every message's file. */
  storage: MediaStorage;
  links: MediaLinks;
  /** Its service, built once by the composition root with the shared services. */
  messaging: MessagingService;
  /** The parts that service is built on, and the hooks other domains fill. */
  messagingDeps: MessagingDeps;
  /** app.timezone: the conversation reports' days. */
  appTimezone: () => Promise<string>;
}

/**
 * The WhatsApp channel: webhook intake and processing, media downloads, the sentiment of customers' texts, the sweep of sends Meta never answered, and the
 * sandbox that stands in for Meta when configured so; and the agents' side of it: the media library, conversation
 * reports, the inbox with sending and retrying, and who holds a conversation (bot or agent).
 */
export async function registerMessaging(app: FastifyInstance, deps: MessagingDomainDeps): Promise<void> {
  const { db } = deps.database;
  const { log, realtime, config, storage, links, messaging } = deps;
  const mediaDownloads = createMediaDownloadWorker({
    db,
    log,
    client: deps.client,
    storage,
    links,
    onProcessed: (event) => realtime.toEveryone(whatsappEventNames.mediaProcessed, event),
  });
  const sentimentScoring = createSentimentScoringWorker({ db, log, broadcast: (emits) => realtime.toEveryoneAll(emits) });
  const processor = createWebhookProcessor({
    db,
    log,
    broadcast: (emits) => realtime.toEveryoneAll(emits),
    onMediaQueued: mediaDownloads.kick,
    onTextsQueued: sentimentScoring.kick,
    // Bot flows, templates, campaigns and outbound webhooks subscribe to the batches' events as they register.
    hooks: {
      events: deps.messagingDeps.events,
      optKeywords: createOptKeywordIntake(deps.messagingDeps),
      knownNumbers: (tx, ids) => deps.messagingDeps.numbers.ensureKnown(tx, ids),
    },
  });

  await app.register(whatsappWebhookRoutes, { db, config, onEventStored: processor.kick });
  await app.register(whatsappChannelRoutes, { db, whatsapp: config.whatsapp });
  await app.register(sandboxPlugin, { config, log });
  await app.register(mediaRoutes, { media: createMediaService({ db, storage, links }) });
  await app.register(conversationReportsRoutes, {
    reports: createConversationReportsService({
      database: deps.database,
      timezone: deps.appTimezone,
      showsTimes: () => deps.messagingDeps.license.hasFeature('advancedReports'),
    }),
  });
  await app.register(chatRoutes, { messaging, storage });
  await app.register(agentSessionsRoutes, { messaging });
  deps.jobs.claimLoop(webhookProcessingLoop(db, processor));
  deps.jobs.claimLoop(mediaDownloadLoop(db, mediaDownloads));
  deps.jobs.claimLoop(sentimentScoringLoop(db, sentimentScoring));
  deps.jobs.schedule(staleSendSweepJob({ db, log, broadcast: (emits) => realtime.toEveryoneAll(emits) }));
}
