import type { ChatMessage } from '@wac/contract/chat';
import type { Template } from '@wac/contract/templates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, messageTemplates } from '../../db/schema.ts';
import { cloudApiClientFor } from '../../whatsapp/cloud-api-client.ts';
import { templateCategoryPayload } from '../../whatsapp/sandbox/template-webhook-payloads.ts';
import { eventually, postWebhook } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { sandboxConversation } from '../messaging/test/chat-test-kit.ts';
import {
  approvedTemplate,
  createTemplate,
  getTemplate,
  orderDraft,
  orderParameters,
  reviewed,
  sendTemplateRequest,
  templateStatusWebhook,
} from './test/template-test-kit.ts';

let admin: string;
const { t, log } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '100' } },
);

const statusEvents = (name: string) =>
  log.events.filter((e) => e.event === 'template_status_update' && e.payload.name === name).map((e) => e.payload);
const graph = () => cloudApiClientFor(t.ctx.config.whatsapp);

describe('create, approve, send', () => {
  it('submits to Meta as PENDING, turns APPROVED by webhook live, and sends outside the 24-hour window', async () => {
    const created = await createTemplate(t, admin, orderDraft('order_shipped'));
    expect(created).toMatchObject({ name: 'order_shipped', status: 'PENDING', category: 'UTILITY', usable: false, rejectedReason: null });
    expect(created.metaId).toMatch(/^\d+$/);
    expect(created.createdBy?.username).toBe('admin');

    const approved = await reviewed(t, admin, created.id);
    expect(approved.usable).toBe(true);
    await eventually(async () => statusEvents('order_shipped').some((e) => e.status === 'APPROVED'));
    expect(statusEvents('order_shipped').map((e) => [e.previousStatus, e.status])).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'APPROVED'],
    ]);

    // A number that never wrote: no service window, and a template goes anyway.
    const res = await sendTemplateRequest(t, admin, {
      phone: '+44 7700 900501',
      recipientName: 'Nora',
      template_name: 'order_shipped',
      language_code: 'en_US',
      components: orderParameters,
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().message as ChatMessage;
    expect(message).toMatchObject({
      type: 'template',
      direction: 'outbound',
      content: {
        text: 'Hi Nora, your order ships on Friday.',
        template: { name: 'order_shipped', language: 'en_US', header: 'Order #42', footer: 'Shop Ltd', buttons: ['Track', 'Thanks'] },
      },
      sender: { username: 'admin' },
      error: null,
    });
    expect(message.wamid).toMatch(/^wamid\./);
    await eventually(async () =>
      log.events.some((e) => e.event === 'agent_message_sent' && (e.payload.message as ChatMessage).id === message.id),
    );
    const [row] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row?.templateName).toBe('order_shipped');
    const phone = await sandboxConversation(t, '447700900501');
    expect(phone.messages.at(-1)).toMatchObject({
      template: { name: 'order_shipped', language: 'en_US' },
      text: 'Hi Nora, your order ships on Friday.',
    });
  });
});

describe('review outcomes and Meta’s later changes', () => {
  it('rejects a name containing "reject" with Meta’s reason, live', async () => {
    const created = await createTemplate(t, admin, orderDraft('reject_me'));
    const rejected = await reviewed(t, admin, created.id, 'REJECTED');
    expect(rejected).toMatchObject({ rejectedReason: 'INVALID_FORMAT', usable: false });
    const event = await eventually(async () => statusEvents('reject_me').find((e) => e.status === 'REJECTED'));
    expect(event).toMatchObject({ previousStatus: 'PENDING', reason: 'INVALID_FORMAT', template: { id: created.id, status: 'REJECTED' } });
    const res = await sendTemplateRequest(t, admin, {
      phone: '+447700900502',
      template_name: 'reject_me',
      language_code: 'en_US',
      components: orderParameters,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Template reject_me was rejected by Meta and cannot be sent');
  });

  it('pauses by signed webhook, refuses sends with nothing stored, and takes a reinstatement and a re-categorisation', async () => {
    const template = await approvedTemplate(t, admin, orderDraft('weekly_digest'));
    await templateStatusWebhook(t, template, 'PAUSED', { otherInfo: { title: 'FIRST_PAUSE', description: 'Low quality' } });
    const paused = await reviewed(t, admin, template.id, 'PAUSED');
    expect(paused).toMatchObject({ usable: false, rejectedReason: 'FIRST_PAUSE: Low quality' });
    await eventually(async () => statusEvents('weekly_digest').some((e) => e.status === 'PAUSED' && e.previousStatus === 'APPROVED'));

    const before = (await t.ctx.database.db.select().from(messages).where(eq(messages.templateName, 'weekly_digest'))).length;
    const refused = await sendTemplateRequest(t, admin, {
      phone: '+447700900503',
      template_name: 'weekly_digest',
      language_code: 'en_US',
      components: orderParameters,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Template weekly_digest is paused and cannot be sent' });
    expect(await t.ctx.database.db.select().from(messages).where(eq(messages.templateName, 'weekly_digest'))).toHaveLength(before);

    await templateStatusWebhook(t, template, 'DISABLED');
    await reviewed(t, admin, template.id, 'DISABLED');
    await templateStatusWebhook(t, template, 'REINSTATED');
    expect((await reviewed(t, admin, template.id, 'APPROVED')).rejectedReason).toBeNull();

    const { businessAccountId, appSecret } = t.ctx.config.whatsapp;
    const moved = templateCategoryPayload(businessAccountId, {
      templateId: template.metaId as string,
      name: template.name,
      language: template.language,
      previousCategory: 'UTILITY',
      newCategory: 'MARKETING',
    });
    expect((await postWebhook(t.baseUrl, moved, { secret: appSecret })).status).toBe(200);
    const recategorised = await eventually(async () => {
      const current = await getTemplate(t, admin, template.id);
      return current.category === 'MARKETING' ? current : null;
    });
    expect(recategorised).toMatchObject({ previousCategory: 'UTILITY', status: 'APPROVED' });

    // Meta's webhooks carry the id as a JSON number: past 2^53 its last digits are lost, and the id we keep must not change.
    const rounded = { ...template, metaId: '9007199254740993' };
    await templateStatusWebhook(t, rounded, 'PAUSED');
    const pausedAgain = await reviewed(t, admin, template.id, 'PAUSED');
    expect(pausedAgain.metaId).toBe(template.metaId);
  });
});

describe('edit and delete', () => {
  it('resubmits edited components for review, and refuses what Meta does not allow', async () => {
    const template = await approvedTemplate(t, admin, orderDraft('edit_me'));
    const edited = orderDraft('edit_me');
    edited.components[2] = { type: 'FOOTER', text: 'Shop Ltd, London' };
    const put = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/templates/${template.id}`, token: admin, payload });

    const renamed = await put({ ...edited, name: 'edit_me_too' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toBe('name: the name of a submitted template cannot be changed; create a new template instead');
    expect((await put({ ...edited, category: 'MARKETING' })).json().error).toMatch(/^category: the category of a submitted template/);

    const res = await put(edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toMatchObject({ status: 'PENDING', components: edited.components });
    // Saved back as it now reads, a PENDING template is answered as it is; another edit is refused.
    expect((await put(edited)).json().template).toMatchObject({ status: 'PENDING', components: edited.components });
    const pending = await put({ ...edited, components: orderDraft('edit_me').components });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error).toBe('A PENDING template cannot be edited: Meta allows edits of APPROVED, REJECTED, PAUSED templates');
    const again = await reviewed(t, admin, template.id);
    expect(again.components[2]).toEqual({ type: 'FOOTER', text: 'Shop Ltd, London' });
    const atMeta = await graph().getTemplate(template.metaId as string);
    expect(atMeta.components[2]).toEqual({ type: 'FOOTER', text: 'Shop Ltd, London' });
  });

  it('deletes at Meta and here, and tells every console', async () => {
    const template = await createTemplate(t, admin, orderDraft('delete_me'));
    const res = await t.request({ method: 'DELETE', url: `/api/templates/${template.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/templates/${template.id}`, token: admin })).statusCode).toBe(404);
    expect((await graph().listAllTemplates()).some((x) => x.name === 'delete_me')).toBe(false);
    await eventually(async () => statusEvents('delete_me').some((e) => e.status === 'DELETED'));
    expect((await t.request({ method: 'DELETE', url: `/api/templates/${template.id}`, token: admin })).statusCode).toBe(404);
  });

  it('refuses a second template with the same name and language, leaving Meta untouched', async () => {
    await createTemplate(t, admin, orderDraft('only_once'));
    const res = await t.request({ method: 'POST', url: '/api/templates', token: admin, payload: orderDraft('only_once') });
    expect(res.statusCode).toBe(409);
    expect((await graph().listAllTemplates()).filter((x) => x.name === 'only_once')).toHaveLength(1);
  });
});

describe('sync with Meta', () => {
  it('adds templates made elsewhere, follows their status, and removes those deleted at Meta', async () => {
    const made = await graph().createTemplate({ ...orderDraft('made_in_meta'), parameter_format: 'POSITIONAL' });
    const sync = async () => {
      const res = await t.request({ method: 'POST', url: '/api/templates/sync', token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await sync()).created).toBe(1);
    const [row] = await t.ctx.database.db.select().from(messageTemplates).where(eq(messageTemplates.metaId, made.id));
    expect(row).toMatchObject({ name: 'made_in_meta', createdBy: null });
    // The sandbox's approval webhook reaches the stored template too.
    await reviewed(t, admin, row?.id as number);
    expect(await sync()).toMatchObject({ created: 0, removed: 0 });

    await graph().deleteTemplate('made_in_meta');
    expect((await sync()).removed).toBe(1);
    expect(await t.ctx.database.db.select().from(messageTemplates).where(eq(messageTemplates.metaId, made.id))).toEqual([]);
    await eventually(async () => statusEvents('made_in_meta').some((e) => e.status === 'DELETED'));
  });

  it('serves the same template through GET /{template-id} as in the list', async () => {
    const template: Template = await createTemplate(t, admin, orderDraft('by_id'));
    expect(await graph().getTemplate(template.metaId as string)).toMatchObject({ id: template.metaId, name: 'by_id', language: 'en_US' });
  });
});
