import fastifyMultipart from '@fastify/multipart';
import { WEBHOOK_PATH } from '@wac/contract/whatsapp-webhook';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/config.ts';
import { businessMessage } from './business-message.ts';
import { defaultStatusDelays, type StatusDelays, scheduleDeliveryStatuses } from './delivery-statuses.ts';
import { createFailNextQueue } from './fail-next.ts';
import { createSandboxMediaStore, sandboxMediaLimits } from './media-store.ts';
import { createSandboxPhoneNumbers } from './phone-number.ts';
import { sandboxControlRoutes } from './sandbox-control.routes.ts';
import { createSandboxConversations } from './sandbox-conversations.ts';
import { sandboxGraphRoutes } from './sandbox-graph.routes.ts';
import { sandboxSendingControlRoutes } from './sandbox-sending-control.routes.ts';
import { sandboxSimulatorRoutes } from './sandbox-simulator.routes.ts';
import { sandboxTemplateControlRoutes } from './sandbox-template-control.routes.ts';
import { sandboxTemplateRoutes, templatePricing, templateSendError, templateSendText } from './sandbox-templates.routes.ts';
import { createSendCounter } from './send-counter.ts';
import { createSandboxTemplateStore } from './template-store.ts';
import { sandboxBsuid } from './user-ids.ts';
import type { SandboxBusiness } from './webhook-payloads.ts';
import { createWebhookSender } from './webhook-sender.ts';

const SANDBOX_DISPLAY_NUMBERS = ['15550100001', '15550100002'];

/** The sandbox's second number: another phone-number id of the same account, so several numbers can be tried. */
const secondNumberId = (first: string) => (first === '100000000000002' ? '100000000000003' : '100000000000002');

export interface SandboxPluginOptions {
  config: Pick<Config, 'whatsapp' | 'publicUrl' | 'dataDir'>;
  log: FastifyBaseLogger;
  statusDelays?: StatusDelays;
}

/**
 * The stand-in for Meta when no real Graph API is configured: Graph endpoints under /sandbox/graph,
 * signed webhooks to the server's own URL, and controls. The only place that knows about sandbox mode.
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, { config, log, statusDelays = defaultStatusDelays }) => {
  const { whatsapp, publicUrl, dataDir } = config;
  if (!whatsapp.sandbox) return;

  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: sandboxMediaLimits.fileBytes, files: 1, fields: 10 } });
  }
  // Two numbers of one account: WHATSAPP_PHONE_NUMBER_ID's first.
  const numbers: SandboxBusiness[] = [whatsapp.phoneNumberId, secondNumberId(whatsapp.phoneNumberId)].map((phoneNumberId, k) => ({
    wabaId: whatsapp.businessAccountId,
    phoneNumberId,
    displayPhoneNumber: SANDBOX_DISPLAY_NUMBERS[k] as string,
  }));
  const sender = createWebhookSender({ url: `${publicUrl}${WEBHOOK_PATH}`, appSecret: whatsapp.appSecret, log });
  app.addHook('preClose', async () => sender.close());
  const failNext = createFailNextQueue();
  const media = createSandboxMediaStore(dataDir);
  const conversations = createSandboxConversations();
  const templates = createSandboxTemplateStore(dataDir);
  const phoneNumbers = createSandboxPhoneNumbers(numbers);
  const sends = createSendCounter();

  await app.register(sandboxControlRoutes, { failNext, media, sender, numbers, conversations });
  await app.register(sandboxSimulatorRoutes, { media, conversations, numbers });
  await app.register(sandboxTemplateControlRoutes, { templates, sender, wabaId: whatsapp.businessAccountId });
  await app.register(sandboxSendingControlRoutes, { phoneNumbers, sends });
  await app.register(
    async (graph) => {
      await sandboxTemplateRoutes(graph, {
        wabaId: whatsapp.businessAccountId,
        appId: whatsapp.appId,
        store: templates,
        sender,
        reviewMs: whatsapp.sandboxTemplateReviewMs,
      });
      await sandboxGraphRoutes(graph, {
        accessToken: whatsapp.accessToken,
        phoneNumbers,
        failNext,
        media,
        phoneOfBsuid: (bsuid) => conversations.phoneOfBsuid(bsuid),
        onAccepted: (accepted) => {
          sends.record(accepted.recipientId, accepted.business.phoneNumberId, accepted.marketing);
          const shown = businessMessage(accepted.send, accepted.wamid, accepted.media);
          const text = accepted.send.type === 'template' ? templateSendText(templates, accepted.send.payload) : shown.text;
          conversations.add(accepted.recipientId, accepted.business.phoneNumberId, { ...shown, text });
          // Reactions get no delivery statuses from Meta.
          if (accepted.send.type === 'reaction') return;
          const hidden = accepted.byBsuid && conversations.hidesNumber(accepted.recipientId);
          const addressed = {
            ...accepted,
            recipientId: hidden ? null : accepted.recipientId,
            recipientUserId: sandboxBsuid(accepted.recipientId),
            pricing: accepted.send.type === 'template' ? templatePricing(templates, accepted.send.payload) : undefined,
          };
          scheduleDeliveryStatuses(sender, accepted.business, statusDelays, addressed, (status, error) =>
            conversations.setStatus(accepted.wamid, status, error),
          );
        },
        onRead: (messageId, typing) => conversations.markReadByBusiness(messageId, typing),
        templateSendError: (payload) => templateSendError(templates, payload),
        findObject: (id) => templates.get(id),
      });
    },
    { prefix: '/sandbox/graph' },
  );
};
