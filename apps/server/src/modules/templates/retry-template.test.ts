import type { ChatMessage } from '@wac/contract/chat';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { messages, templateUploads } from '../../db/schema.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { applyKey, licenseStatus } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { customerLastWrote, customerWrites, failNextSend, HOUR_MS, sandboxConversation } from '../messaging/test/chat-test-kit.ts';
import {
  approvedTemplate,
  imageHeaderDraft,
  orderDraft,
  orderParameters,
  PNG,
  sendTemplateRequest,
  uploadFile,
} from './test/template-test-kit.ts';

let admin: string;
let agent: SeededUser;
const { t, log } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    agent = await addUser(app, { username: 'retry-agent' });
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50', LICENSE_HMAC_SECRET: TEST_SECRET } },
);

const NOT_RETRYABLE = 'This template message was sent before retries were possible; send the template again';

const sendOrder = async (phone: string, name: string) => {
  const res = await sendTemplateRequest(t, agent.token, {
    phone,
    template_name: name,
    language_code: 'en_US',
    components: orderParameters,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
};
const retry = (id: number) => t.request({ method: 'POST', url: `/api/retry-message/${id}`, token: agent.token });
const status = async (id: number) => (await t.request({ method: 'GET', url: `/api/message-status/${id}`, token: agent.token })).json();
const reaches = (id: number, wanted: string) =>
  eventually(async () => {
    const found = await status(id);
    return found.status === wanted ? found : null;
  });
const statusEvents = (id: number) =>
  log.events.filter((e) => e.event === 'message_status_update' && e.payload.messageId === id).map((e) => e.payload.status);
const storedRow = async (id: number) => (await t.ctx.database.db.select().from(messages).where(eq(messages.id, id)))[0];
const messagesUsed = async () => (await licenseStatus(t)).quotas.messages.used as number;

/** A template sent while the sandbox refuses the next send: stored failed. */
async function failedOrder(phone: string, name: string): Promise<ChatMessage> {
  await failNextSend(t, admin, { code: 131026 });
  const message = await sendOrder(phone, name);
  expect(message.status).toBe('failed');
  return message;
}

describe('POST /api/retry-message/{id} for a template', () => {
  it('sends a template Meta failed again with the same name, language and parameters, under a new wamid, to read', async () => {
    await approvedTemplate(t, admin, orderDraft('retry_order'));
    await failNextSend(t, admin, { code: 131026, details: 'Receiver is incapable of receiving this message', via: 'status' });
    const sent = await sendOrder('+447700900701', 'retry_order');
    expect(sent.content.template).toMatchObject({ name: 'retry_order', language: 'en_US', components: orderParameters });
    const failed = await reaches(sent.id, 'failed');
    expect(failed).toMatchObject({ error: { code: 131026, title: 'Message undeliverable' } });
    const used = await messagesUsed();

    const res = await retry(sent.id);
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json().message as ChatMessage;
    expect(again).toMatchObject({ id: sent.id, type: 'template', retryCount: 1, error: null, failedAt: null });
    expect(again.wamid).toMatch(/^wamid\./);
    expect(again.wamid).not.toBe(failed.wamid);
    expect(await messagesUsed()).toBe(used + 1);

    expect(await reaches(sent.id, 'read')).toMatchObject({ wamid: again.wamid, error: null });
    await eventually(async () => statusEvents(sent.id).includes('read'));
    const events = statusEvents(sent.id);
    expect(events.slice(events.indexOf('failed'))).toEqual(['failed', 'pending', 'sent', 'delivered', 'read']);

    const phone = await sandboxConversation(t, '447700900701');
    const body = 'Hi Nora, your order ships on Friday.';
    expect(phone.messages.map((m) => [m.direction, m.template, m.text, m.wamid])).toEqual([
      ['to_customer', { name: 'retry_order', language: 'en_US' }, body, failed.wamid],
      ['to_customer', { name: 'retry_order', language: 'en_US' }, body, again.wamid],
    ]);
  });

  it('sends a template again outside the 24-hour window, where a text is refused', async () => {
    await approvedTemplate(t, admin, orderDraft('retry_late'));
    const inbound = await customerWrites(t, { from: '447700900702', text: 'Hello' });
    await failNextSend(t, admin, { code: 131026 });
    const text = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: agent.token,
      payload: { recipientPhone: '447700900702', message: 'Still there?' },
    });
    expect((text.json().message as ChatMessage).status).toBe('failed');
    const template = await failedOrder('+447700900702', 'retry_late');
    expect(template.conversationId).toBe(inbound.conversationId);
    await customerLastWrote(t, inbound.conversationId, new Date(Date.now() - 30 * HOUR_MS));

    const refused = await retry(text.json().message.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('SERVICE_WINDOW_CLOSED');
    const res = await retry(template.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ retryCount: 1, error: null });
    await reaches(template.id, 'read');
  });

  it('resolves an uploaded header again, renewing a Meta media id that has expired', async () => {
    const sample = await uploadFile(t, '/api/templates/upload-media', admin, { bytes: PNG, type: 'image/png', name: 'offer.png' });
    await approvedTemplate(t, admin, imageHeaderDraft('retry_offer', sample.body.handle as string));
    const kept = await uploadFile(t, '/api/templates/upload-file', agent.token, { bytes: PNG, type: 'image/png', name: 'offer.png' });
    const uploadId = (kept.body.upload as { id: string }).id;
    const header = { type: 'header', parameters: [{ type: 'image', image: { uploadId } }] };
    const components = [
      header,
      { type: 'body', parameters: [{ type: 'text', text: 'Omar' }] },
      { type: 'button', sub_type: 'copy_code', index: 0, parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] },
    ];
    await failNextSend(t, admin, { code: 131026 });
    const res = await sendTemplateRequest(t, agent.token, {
      phone: '+447700900703',
      template_name: 'retry_offer',
      language_code: 'en_US',
      components,
    });
    const failed = res.json().message as ChatMessage;
    expect(failed.status).toBe('failed');
    // Our upload is stored, not the Meta id it was sent by, which Meta forgets after about 30 days.
    expect(failed.content.template?.components?.[0]).toEqual(header);

    const uploadRow = async () => (await t.ctx.database.db.select().from(templateUploads).where(eq(templateUploads.id, uploadId)))[0];
    const first = await uploadRow();
    expect(first?.metaMediaId).toBeTruthy();
    await t.ctx.database.db
      .update(templateUploads)
      .set({ metaMediaAt: new Date(Date.now() - 31 * 24 * HOUR_MS) })
      .where(eq(templateUploads.id, uploadId));

    expect((await retry(failed.id)).statusCode).toBe(200);
    await reaches(failed.id, 'read');
    const renewed = await uploadRow();
    expect(renewed?.metaMediaId).toBeTruthy();
    expect(renewed?.metaMediaId).not.toBe(first?.metaMediaId);
  });

  it('refuses a template Meta has paused since the first send, sending and changing nothing', async () => {
    await approvedTemplate(t, admin, orderDraft('retry_paused'));
    const failed = await failedOrder('+447700900705', 'retry_paused');
    const pause = await fetch(`${t.baseUrl}/sandbox/control/template-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: 'retry_paused', language: 'en_US', status: 'PAUSED' }),
    });
    expect(pause.status).toBe(200);
    await eventually(async () => {
      const res = await t.request({ method: 'GET', url: '/api/templates/search?name=retry_paused', token: admin });
      return res.json().templates[0]?.status === 'PAUSED';
    });
    const used = await messagesUsed();

    const res = await retry(failed.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Template retry_paused is paused and cannot be sent');
    expect(await storedRow(failed.id)).toMatchObject({ status: 'failed', retryCount: 0 });
    expect(await messagesUsed()).toBe(used);
  });

  it('refuses a template message stored before its components were, changing nothing', async () => {
    await approvedTemplate(t, admin, orderDraft('retry_old'));
    const failed = await failedOrder('+447700900704', 'retry_old');
    const { components: _dropped, ...template } = failed.content.template as NonNullable<MessageContent['template']>;
    await t.ctx.database.db
      .update(messages)
      .set({ content: { ...failed.content, template } })
      .where(eq(messages.id, failed.id));
    const used = await messagesUsed();

    const res = await retry(failed.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: NOT_RETRYABLE });
    expect(await storedRow(failed.id)).toMatchObject({ status: 'failed', retryCount: 0, errorCode: 131026 });
    expect(await messagesUsed()).toBe(used);
  });
});

describe('the licence on a template retry', () => {
  it('refuses past the daily messages quota, then without the templates feature, leaving the message failed', async () => {
    await approvedTemplate(t, admin, orderDraft('retry_licence'));
    const failed = await failedOrder('+447700900705', 'retry_licence');
    const used = await messagesUsed();
    expect((await applyKey(t, mintKey({ plan: 'basic', quotas: { messages: used } }))).statusCode).toBe(200);
    const overQuota = await retry(failed.id);
    expect(overQuota.statusCode).toBe(402);
    expect(overQuota.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', quotaType: 'messages' });

    expect((await applyKey(t, mintKey({ plan: 'basic', features: { templates: false } }))).statusCode).toBe(200);
    const noFeature = await retry(failed.id);
    expect(noFeature.statusCode).toBe(403);
    expect(noFeature.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'templates' });
    expect(await storedRow(failed.id)).toMatchObject({ status: 'failed', retryCount: 0 });
    expect(await messagesUsed()).toBe(used);
  });
});
