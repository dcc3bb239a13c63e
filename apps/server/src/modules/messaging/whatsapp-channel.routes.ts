import { channelStatusSchema, webhookHealthSchema } from '@wac/contract/whatsapp-channel';
import { WEBHOOK_PATH } from '@wac/contract/whatsapp-webhook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { webhookHealth } from './webhook-health.repository.ts';
import { WEBHOOK_MAX_ATTEMPTS } from './webhook-processor.ts';

const tags = ['WhatsApp'];

/** What the console shows about the channel: which Graph API it talks to, and whether webhooks keep up. */
export const whatsappChannelRoutes: FastifyPluginAsyncZod<{ db: Db; whatsapp: Config['whatsapp'] }> = async (app, { db, whatsapp }) => {
  app.get(
    '/api/whatsapp/status',
    { onRequest: app.requireUser, schema: { tags, summary: 'Sandbox or live, and which number', response: { 200: channelStatusSchema } } },
    async () => {
      const { sandbox, phoneNumberId, apiVersion } = whatsapp;
      return { mode: sandbox ? ('sandbox' as const) : ('live' as const), phoneNumberId, apiVersion };
    },
  );

  app.get(
    `${WEBHOOK_PATH}/health`,
    {
      onRequest: app.requireAdmin,
      schema: { tags, summary: 'Webhook health for admins', response: { 200: webhookHealthSchema } },
    },
    () => webhookHealth(db, WEBHOOK_MAX_ATTEMPTS),
  );
};
