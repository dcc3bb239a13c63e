import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { sandboxPlugin } from './sandbox/sandbox.plugin.ts';
import { whatsappWebhookRoutes } from './webhook/webhook.routes.ts';
import { createWebhookProcessor } from './webhook/webhook-processor.ts';

/** The WhatsApp channel: webhook intake and processing, and the sandbox that stands in for Meta when configured so. */
export const whatsappPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const processor = createWebhookProcessor({
    db: ctx.database.db,
    log: ctx.log,
    emit: (event, payload) => ctx.realtime.toEveryone(event, payload),
  });
  await app.register(whatsappWebhookRoutes, { ctx, onEventStored: processor.kick });
  await app.register(sandboxPlugin, { ctx });
  app.addHook('onReady', async () => processor.start());
  app.addHook('onClose', async () => processor.stop());
};
