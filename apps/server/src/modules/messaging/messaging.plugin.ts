import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { sandboxPlugin } from '../../whatsapp/sandbox/sandbox.plugin.ts';
import { agentSessionsRoutes } from './agent-sessions.routes.ts';
import { chatRoutes } from './chat.routes.ts';
import { conversationReportsRoutes } from './conversation-reports.routes.ts';
import { createConversationReportsService } from './conversation-reports.service.ts';
import { mediaRoutes } from './media.routes.ts';
import { createMediaDownloadWorker } from './media-download.worker.ts';
import { createMediaService } from './media-library.service.ts';
import { mediaDownloadLoop, staleSendSweepJob, webhookProcessingLoop } from './messaging.jobs.ts';
import { createOptKeywordIntake } from './opt-out-intake.ts';
import { whatsappWebhookRoutes } from './webhook.routes.ts';
import { createWebhookProcessor } from './webhook-processor.ts';
import { whatsappChannelRoutes } from './whatsapp-channel.routes.ts';

/**
 * The WhatsApp channel: webhook intake and processing, media downloads, the sweep of sends Meta never answered, and the
 * sandbox that stands in for Meta when configured so; and the agents' side of it: the media library, conversation
 * reports, the inbox with sending and retrying, and who holds a conversation (bot or agent).
 */
export const messagingPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  const mediaDownloads = createMediaDownloadWorker({
    db,
    log: ctx.log,
    client: ctx.whatsapp,
    storage: ctx.media.storage,
    links: ctx.media.links,
    onProcessed: (event) => ctx.realtime.toEveryone(whatsappEventNames.mediaProcessed, event),
  });
  const processor = createWebhookProcessor({
    db,
    log: ctx.log,
    broadcast: (emits) => ctx.realtime.toEveryoneAll(emits),
    onMediaQueued: mediaDownloads.kick,
    webhookHandlers: ctx.messaging.deps.extensions.webhookHandlers,
    // Filled in by bot flows and outbound webhooks as they register (the arrays are shared, so their later push is seen).
    hooks: { ...ctx.messaging.deps.extensions, optKeywords: createOptKeywordIntake(ctx.messaging.deps) },
  });

  await app.register(whatsappWebhookRoutes, { ctx, onEventStored: processor.kick });
  await app.register(whatsappChannelRoutes, { ctx });
  await app.register(sandboxPlugin, { ctx });
  await app.register(mediaRoutes, { media: createMediaService(db, ctx.media.storage, ctx.media.links) });
  await app.register(conversationReportsRoutes, { reports: createConversationReportsService(ctx.database, ctx.appTimezone) });
  await app.register(chatRoutes, { messaging: ctx.messaging.service, storage: ctx.media.storage });
  await app.register(agentSessionsRoutes, { messaging: ctx.messaging.service });
  ctx.jobs.claimLoop(webhookProcessingLoop(db, processor));
  ctx.jobs.claimLoop(mediaDownloadLoop(db, mediaDownloads));
  ctx.jobs.schedule(staleSendSweepJob({ db, log: ctx.log, broadcast: (emits) => ctx.realtime.toEveryoneAll(emits) }));
};
