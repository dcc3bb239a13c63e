import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createMediaStorage } from '../../storage/media-storage.ts';
import { cloudApiClientFor } from '../../whatsapp/cloud-api-client.ts';
import { sandboxPlugin } from '../../whatsapp/sandbox/sandbox.plugin.ts';
import { mediaDownloadLoop } from '../media/media.jobs.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { createMediaService } from '../media/media.service.ts';
import { createMediaDownloadWorker } from '../media/media-download.worker.ts';
import { loadMediaLinks } from '../media/media-links.ts';
import { conversationReportsRoutes } from '../reports/conversation-reports.routes.ts';
import { createConversationReportsService } from '../reports/conversation-reports.service.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { webhookProcessingLoop } from './messaging.jobs.ts';
import { whatsappWebhookRoutes } from './webhook.routes.ts';
import { createWebhookProcessor } from './webhook-processor.ts';
import { whatsappChannelRoutes } from './whatsapp-channel.routes.ts';

/** The WhatsApp channel: webhook intake and processing, media, reports, and the sandbox that stands in for Meta when configured so. */
export const messagingPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  const links = await loadMediaLinks(db, createSecretBox(ctx.config.dataDir));
  const storage = createMediaStorage(ctx.config.dataDir);
  const mediaDownloads = createMediaDownloadWorker({
    db,
    log: ctx.log,
    // One try per attempt: the worker's own backoff spaces the retries.
    client: cloudApiClientFor(ctx.config.whatsapp, { attempts: 1 }),
    storage,
    links,
    onProcessed: (event) => ctx.realtime.toEveryone(whatsappEventNames.mediaProcessed, event),
  });
  const processor = createWebhookProcessor({
    db,
    log: ctx.log,
    broadcast: (emits) => ctx.realtime.toEveryoneAll(emits),
    onMediaQueued: mediaDownloads.kick,
  });
  const settings = createSettingsService(ctx, createSettingsRepository(db));

  await app.register(whatsappWebhookRoutes, { ctx, onEventStored: processor.kick });
  await app.register(whatsappChannelRoutes, { ctx });
  await app.register(mediaRoutes, { media: createMediaService(db, storage, links) });
  await app.register(conversationReportsRoutes, {
    reports: createConversationReportsService(db, async () => (await settings.appSettings())['app.timezone']),
  });
  await app.register(sandboxPlugin, { ctx });
  ctx.jobs.claimLoop(webhookProcessingLoop(db, processor));
  ctx.jobs.claimLoop(mediaDownloadLoop(db, mediaDownloads));
};
