import { errorBodySchema } from '@wac/contract/errors';
import { sandboxTemplateCategoryBodySchema, sandboxTemplateStatusBodySchema } from '@wac/contract/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import type { SandboxTemplateStore } from './template-store.ts';
import { templateCategoryPayload, templateStatusPayload } from './template-webhook-payloads.ts';
import type { WebhookSender } from './webhook-sender.ts';

/** Plays Meta's quality checks for people and tests: pause, disable, approve or reject a sandbox template. */
export const sandboxTemplateControlRoutes: FastifyPluginAsyncZod<{
  templates: SandboxTemplateStore;
  sender: WebhookSender;
  wabaId: string;
}> = async (app, { templates, sender, wabaId }) => {
  app.post(
    '/sandbox/control/template-category',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'Recategorise a sandbox template now, or give Meta’s notice that it will be in 24 hours; the signed webhook follows',
        body: sandboxTemplateCategoryBodySchema,
        response: { 200: z.object({ webhookStatus: z.number().int() }), 404: errorBodySchema },
      },
    },
    async (request) => {
      const { name, language, category, impending } = request.body;
      const template = templates.find(name, language);
      if (!template) throw notFound(`The sandbox has no template ${name} in ${language}`);
      const previousCategory = template.category;
      if (!impending) templates.update(template.id, { category });
      const comingAt = impending ? new Date(Date.now() + 24 * 3_600_000) : undefined;
      const payload = templateCategoryPayload(wabaId, {
        templateId: template.id,
        name,
        language,
        previousCategory,
        newCategory: category,
        comingAt,
      });
      return { webhookStatus: await sender.post(payload) };
    },
  );

  app.post(
    '/sandbox/control/template-status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'Change a sandbox template’s status; the signed status webhook follows',
        body: sandboxTemplateStatusBodySchema,
        response: { 200: z.object({ webhookStatus: z.number().int() }), 404: errorBodySchema },
      },
    },
    async (request) => {
      const { name, language, status, reason } = request.body;
      const template = templates.find(name, language);
      if (!template) throw notFound(`The sandbox has no template ${name} in ${language}`);
      const rejectedReason = status === 'REJECTED' ? (reason ?? 'INVALID_FORMAT') : 'NONE';
      templates.update(template.id, { status, rejected_reason: rejectedReason });
      const paused = status === 'PAUSED' || status === 'DISABLED';
      const webhookStatus = await sender.post(
        templateStatusPayload(wabaId, {
          templateId: template.id,
          name,
          language,
          event: status,
          reason: status === 'REJECTED' ? rejectedReason : 'NONE',
          otherInfo: paused
            ? {
                title: status === 'PAUSED' ? 'FIRST_PAUSE' : 'DISABLED',
                description: reason ?? 'Low quality: customers blocked or reported it.',
              }
            : undefined,
        }),
      );
      return { webhookStatus };
    },
  );
};
