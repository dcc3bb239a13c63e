import { randomBytes } from 'node:crypto';
import { checkSendComponents, renderTemplate } from '@wac/contract/template-parameters';
import { issueText, parameterFormatOf, validateTemplate } from '@wac/contract/template-rules';
import { editableTemplateStatuses, sendComponentSchema, type TemplateStatus, templateDraftSchema } from '@wac/contract/templates';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendGraphError, sendUnknownObject } from './graph-error.ts';
import type { SandboxTemplateStore } from './template-store.ts';
import { templateStatusPayload } from './template-webhook-payloads.ts';
import type { WebhookSender } from './webhook-sender.ts';

const MAX_SAMPLE_BYTES = 100 * 1024 * 1024;
const DEFAULT_PAGE = 25;

export interface SandboxTemplateOptions {
  wabaId: string;
  appId: string;
  store: SandboxTemplateStore;
  sender: WebhookSender;
  /** How long a review takes before the status webhook goes out. */
  reviewMs: number;
}

const invalid = (reply: FastifyReply, details: string) => sendGraphError(reply, 400, 100, '(#100) Invalid parameter', details);

/**
 * Meta's review, played out: after `reviewMs` the template is APPROVED, or REJECTED (INVALID_FORMAT)
 * when its name contains "reject", and the signed status webhook follows.
 */
function scheduleReview({ store, sender, wabaId, reviewMs }: SandboxTemplateOptions, id: string): void {
  sender.later(reviewMs, async () => {
    const template = store.get(id);
    if (template?.status !== 'PENDING') return;
    const rejected = template.name.includes('reject');
    const status = rejected ? 'REJECTED' : 'APPROVED';
    const reason = rejected ? 'INVALID_FORMAT' : 'NONE';
    store.update(id, { status, rejected_reason: reason });
    await sender.post(
      templateStatusPayload(wabaId, { templateId: id, name: template.name, language: template.language, event: status, reason }),
    );
  });
}

const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE),
  after: z.string().optional(),
});

const cursorOf = (index: number) => Buffer.from(String(index)).toString('base64url');
const indexOf = (cursor: string | undefined) => (cursor ? Number(Buffer.from(cursor, 'base64url').toString()) || 0 : 0);

/** The message_templates endpoints and Meta's resumable upload, imitated; registered inside the sandbox's Graph routes. */
export async function sandboxTemplateRoutes(graph: FastifyInstance, options: SandboxTemplateOptions) {
  const { wabaId, appId, store } = options;
  const uploads = new Map<string, { fileName: string; fileLength: number; fileType: string }>();
  graph.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_SAMPLE_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  graph.post<{ Params: { version: string; wabaId: string } }>('/:version/:wabaId/message_templates', async (request, reply) => {
    if (request.params.wabaId !== wabaId) return sendUnknownObject(reply, request.params.wabaId);
    const parsed = templateDraftSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues[0]?.message ?? 'Invalid template');
    const issues = validateTemplate(parsed.data);
    if (issues[0]) return invalid(reply, issueText(issues[0]));
    const { name, language, category, components } = parsed.data;
    if (store.find(name, language)) {
      return sendGraphError(reply, 400, 100, '(#100) Invalid parameter', `Content in this language already exists for template ${name}.`);
    }
    const template = store.add({
      name,
      language,
      category,
      components: components as Record<string, unknown>[],
      parameter_format: parameterFormatOf(components),
    });
    scheduleReview(options, template.id);
    return { id: template.id, status: template.status, category: template.category };
  });

  graph.get<{ Params: { version: string; wabaId: string } }>('/:version/:wabaId/message_templates', async (request, reply) => {
    if (request.params.wabaId !== wabaId) return sendUnknownObject(reply, request.params.wabaId);
    const { limit, after } = pageQuerySchema.parse(request.query);
    const all = store.list();
    const start = indexOf(after);
    const data = all.slice(start, start + limit);
    const end = start + data.length;
    const base = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
    return {
      data,
      paging: {
        cursors: { before: cursorOf(start), after: cursorOf(end) },
        ...(end < all.length ? { next: `${base}?limit=${limit}&after=${cursorOf(end)}` } : {}),
      },
    };
  });

  graph.delete<{ Params: { version: string; wabaId: string }; Querystring: { name?: string; hsm_id?: string } }>(
    '/:version/:wabaId/message_templates',
    async (request, reply) => {
      if (request.params.wabaId !== wabaId) return sendUnknownObject(reply, request.params.wabaId);
      const { name, hsm_id } = request.query;
      if (!name) return sendGraphError(reply, 400, 100, '(#100) The parameter name is required.');
      if (store.remove(name, hsm_id) === 0) return invalid(reply, `Message template ${name} was not found.`);
      return { success: true };
    },
  );

  graph.post<{ Params: { version: string; appId: string }; Querystring: Record<string, string | undefined> }>(
    '/:version/:appId/uploads',
    async (request, reply) => {
      if (request.params.appId !== appId) return sendUnknownObject(reply, request.params.appId);
      const { file_name, file_length, file_type } = request.query;
      const fileLength = Number(file_length);
      if (!file_name || !file_type || !Number.isInteger(fileLength) || fileLength <= 0) {
        return sendGraphError(reply, 400, 100, '(#100) The parameters file_name, file_length and file_type are required.');
      }
      const id = `upload:${randomBytes(24).toString('base64url')}`;
      uploads.set(id, { fileName: file_name, fileLength, fileType: file_type });
      return { id };
    },
  );

  // POST /{object-id}: the bytes of an upload session, or an edit of a template.
  graph.post<{ Params: { version: string; objectId: string } }>('/:version/:objectId', async (request, reply) => {
    const { objectId } = request.params;
    const session = uploads.get(objectId);
    if (session) {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length !== session.fileLength) {
        return invalid(reply, `The upload must be ${session.fileLength} bytes of application/octet-stream.`);
      }
      uploads.delete(objectId);
      return { h: `4::${Buffer.from(session.fileType).toString('base64url')}:${randomBytes(30).toString('base64url')}` };
    }
    const template = store.get(objectId);
    if (!template) return sendUnknownObject(reply, objectId);
    if (!editableTemplateStatuses.includes(template.status as TemplateStatus)) {
      return invalid(reply, `A template in status ${template.status} cannot be edited.`);
    }
    const edit = templateDraftSchema.pick({ components: true }).safeParse(request.body);
    if (!edit.success) return invalid(reply, edit.error.issues[0]?.message ?? 'Invalid components');
    const issues = validateTemplate({ ...template, category: template.category as 'UTILITY', components: edit.data.components });
    if (issues[0]) return invalid(reply, issueText(issues[0]));
    store.update(objectId, {
      components: edit.data.components as Record<string, unknown>[],
      parameter_format: parameterFormatOf(edit.data.components),
      status: 'PENDING',
      rejected_reason: 'NONE',
    });
    scheduleReview(options, objectId);
    return { success: true };
  });
}

/**
 * What Meta answers a template send that names a template it cannot send: unknown or unapproved
 * (132001), paused (132015), disabled (132016), or parameters that do not fit it (132000).
 */
export function templateSendError(store: SandboxTemplateStore, payload: Record<string, unknown>) {
  const part = payload.template as { name: string; language: { code: string }; components?: unknown[] };
  const template = store.find(part.name, part.language.code);
  if (!template || !['APPROVED', 'PAUSED', 'DISABLED'].includes(template.status)) {
    return {
      code: 132001,
      message: '(#132001) Template name does not exist in the translation',
      details: `template name (${part.name}) does not exist in ${part.language.code}`,
    };
  }
  if (template.status === 'PAUSED')
    return { code: 132015, message: '(#132015) Template is Paused', details: `Template ${part.name} is paused.` };
  if (template.status === 'DISABLED')
    return { code: 132016, message: '(#132016) Template is Disabled', details: `Template ${part.name} is disabled.` };
  const components = z.array(sendComponentSchema).safeParse(part.components ?? []);
  const category = template.category as 'UTILITY';
  const issues = components.success
    ? checkSendComponents({ components: template.components as never, category }, components.data)
    : [{ field: 'components', message: components.error.issues[0]?.message ?? 'invalid' }];
  if (issues[0]) {
    return {
      code: 132000,
      message: '(#132000) Number of parameters does not match the expected number of params',
      details: issueText(issues[0]),
    };
  }
  return undefined;
}

/** The body of a template send as the customer's phone shows it, with the sent values filled in. */
export function templateSendText(store: SandboxTemplateStore, payload: Record<string, unknown>): string | null {
  const part = payload.template as { name: string; language: { code: string }; components?: unknown[] };
  const template = store.find(part.name, part.language.code);
  const components = z.array(sendComponentSchema).safeParse(part.components ?? []);
  if (!template || !components.success) return null;
  return renderTemplate({ components: template.components as never, category: template.category as 'UTILITY' }, components.data).body;
}

/** What Meta charges for a template message: its category, lower-cased as pricing objects name it, billable. */
export function templatePricing(store: SandboxTemplateStore, payload: Record<string, unknown>): { category: string; billable: boolean } {
  const part = payload.template as { name: string; language: { code: string } };
  const category = store.find(part.name, part.language.code)?.category ?? 'MARKETING';
  return { category: category.toLowerCase(), billable: true };
}
