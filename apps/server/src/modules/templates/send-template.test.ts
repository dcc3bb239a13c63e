import type { ChatMessage } from '@wac/contract/chat';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { messages } from '../../db/schema.ts';
import { CloudApiError, cloudApiClientFor } from '../../whatsapp/cloud-api-client.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { applyKey, licenseStatus } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { customerWrites, failNextSend, sandboxConversation } from '../messaging/test/chat-test-kit.ts';
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
const { t } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    agent = await addUser(app, { username: 'template-agent' });
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50', LICENSE_HMAC_SECRET: TEST_SECRET } },
);

const storedTemplateMessages = async (name: string) => t.ctx.database.db.select().from(messages).where(eq(messages.templateName, name));

describe('POST /api/send-template parameter checks', () => {
  it('refuses wrong counts and types with the field named, before anything is stored or reaches Meta', async () => {
    await approvedTemplate(t, admin, orderDraft('param_check'));
    const send = (components: unknown[]) =>
      sendTemplateRequest(t, agent.token, { phone: '+447700900601', template_name: 'param_check', language_code: 'en_US', components });
    const [header, body, button] = orderParameters;

    const oneBodyValue = await send([header, { type: 'body', parameters: [{ type: 'text', text: 'Nora' }] }, button]);
    expect(oneBodyValue.statusCode).toBe(400);
    expect(oneBodyValue.json().error).toBe('components[1].parameters: the body needs 2 parameters, 1 given');

    const noHeader = await send([body, button]);
    expect(noHeader.json().error).toBe('components: the header needs 1 text parameter ({{1}})');
    const imageInTextHeader = await send([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/a.png' } }] },
      body,
      button,
    ]);
    expect(imageInTextHeader.json().error).toBe('components[0].parameters[0]: the header needs 1 text parameter ({{1}})');
    expect((await send([header, body])).json().error).toBe('components: button 0 needs 1 text parameter (sub_type url)');
    const badShape = await send([{ type: 'footer', parameters: [] }]);
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().error).toMatch(/\(body components\.0(\.type)?\)$/);

    const unknown = await sendTemplateRequest(t, agent.token, { phone: '+447700900601', template_name: 'nope', language_code: 'en_US' });
    expect(unknown.json().error).toBe('template_name: there is no template nope in en_US');
    const wrongLanguage = await sendTemplateRequest(t, agent.token, {
      phone: '+447700900601',
      template_name: 'param_check',
      language_code: 'fr',
      components: orderParameters,
    });
    expect(wrongLanguage.statusCode).toBe(400);
    const badPhone = await sendTemplateRequest(t, agent.token, { phone: 'call me', template_name: 'param_check', language_code: 'en_US' });
    expect(badPhone.json().error).toBe(
      'phone must be a phone number in international format, such as +447700900123, or a WhatsApp user ID, such as US.13491208655302741918 (body phone)',
    );

    expect(await storedTemplateMessages('param_check')).toEqual([]);
    const phone = await sandboxConversation(t, '447700900601');
    expect(phone.messages).toEqual([]);
  });

  it('sends a media header by link or by an uploaded file, and refuses the wrong media', async () => {
    const sample = await uploadFile(t, '/api/templates/upload-media', admin, { bytes: PNG, type: 'image/png', name: 'offer.png' });
    expect(sample.status).toBe(200);
    const { handle, format } = sample.body as { handle: string; format: string };
    expect(handle).toMatch(/^4::/);
    expect(format).toBe('IMAGE');
    await approvedTemplate(t, admin, imageHeaderDraft('weekly_offer', handle));

    const body = { type: 'body', parameters: [{ type: 'text', text: 'Omar' }] };
    const code = { type: 'button', sub_type: 'copy_code', index: 0, parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] };
    const send = (header: unknown) =>
      sendTemplateRequest(t, agent.token, {
        phone: '+447700900602',
        template_name: 'weekly_offer',
        language_code: 'en_US',
        components: [{ type: 'header', parameters: [header] }, body, code],
      });

    const video = await send({ type: 'video', video: { link: 'https://cdn.example/v.mp4' } });
    expect(video.statusCode).toBe(400);
    expect(video.json().error).toBe('components[0].parameters[0].type: the header is IMAGE: give an image, not video');
    const twoWays = await send({ type: 'image', image: { link: 'https://cdn.example/a.png', uploadId: 'x' } });
    expect(twoWays.json().error).toBe('components[0].parameters[0].image: give exactly one of link, id or uploadId');
    const missing = await send({ type: 'image', image: { uploadId: '00000000-0000-0000-0000-000000000000' } });
    expect(missing.json().error).toMatch(/^components\[0\]\.parameters\[0\]\.image\.uploadId: no upload/);

    const byLink = await send({ type: 'image', image: { link: 'https://cdn.example/a.png' } });
    expect(byLink.statusCode, byLink.body).toBe(201);
    expect((byLink.json().message as ChatMessage).content.text).toBe('Hello Omar, here is this week’s offer.');

    const kept = await uploadFile(t, '/api/templates/upload-file', admin, { bytes: PNG, type: 'image/png', name: 'offer.png' });
    expect(kept.status).toBe(201);
    const stored = kept.body.upload as { id: string; format: string; size: number };
    expect(stored).toMatchObject({ format: 'IMAGE', size: PNG.length });
    const byUpload = await send({ type: 'image', image: { uploadId: stored.id } });
    expect(byUpload.statusCode, byUpload.body).toBe(201);
    const sent = byUpload.json().message as ChatMessage;
    const final = await eventually(async () => {
      const status = (await t.request({ method: 'GET', url: `/api/message-status/${sent.id}`, token: agent.token })).json();
      return status.status === 'read' ? (status as { error: unknown }) : null;
    });
    expect(final.error).toBeNull();
    expect(await storedTemplateMessages('weekly_offer')).toHaveLength(2);
  });

  it('refuses a file Meta does not take as header media, naming the field', async () => {
    const res = await uploadFile(t, '/api/templates/upload-file', admin, {
      bytes: Buffer.from('hello'),
      type: 'text/plain',
      name: 'a.txt',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^file: text\/plain cannot be a template header: use image/);
    const empty = await uploadFile(t, '/api/templates/upload-media', admin, { bytes: Buffer.alloc(0), type: 'image/png', name: 'a.png' });
    expect(empty.body.error).toBe('file: file is empty');
  });
});

describe('who may do what', () => {
  it('lets agents read and send but not create, edit, delete, upload or sync', async () => {
    const template = await approvedTemplate(t, admin, orderDraft('agent_allowed'));
    const refused = [
      await t.request({ method: 'POST', url: '/api/templates', token: agent.token, payload: orderDraft('agent_made') }),
      await t.request({ method: 'PUT', url: `/api/templates/${template.id}`, token: agent.token, payload: orderDraft('agent_allowed') }),
      await t.request({ method: 'DELETE', url: `/api/templates/${template.id}`, token: agent.token }),
      await t.request({ method: 'POST', url: '/api/templates/sync', token: agent.token }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    expect((await uploadFile(t, '/api/templates/upload-media', agent.token, { bytes: PNG, type: 'image/png', name: 'a.png' })).status).toBe(
      403,
    );
    // Agents send templates, so they may keep a header file to send with one.
    expect((await uploadFile(t, '/api/templates/upload-file', agent.token, { bytes: PNG, type: 'image/png', name: 'a.png' })).status).toBe(
      201,
    );

    expect((await t.request({ method: 'GET', url: `/api/templates/${template.id}`, token: agent.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/templates/search?name=agent', token: agent.token })).json().total).toBe(1);
    const sent = await sendTemplateRequest(t, agent.token, {
      phone: '+447700900603',
      template_name: 'agent_allowed',
      language_code: 'en_US',
      components: orderParameters,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json().message as ChatMessage).sender?.username).toBe('template-agent');
    expect((await t.request({ method: 'POST', url: '/api/send-template', payload: {} })).statusCode).toBe(401);
  });
});

describe('who holds the conversation', () => {
  it('stays as it was after a template (sent or retried): a template is not a takeover, and a colleague’s is refused', async () => {
    await approvedTemplate(t, admin, orderDraft('holder_kept'));
    const colleague = await addUser(t, { username: 'holder-colleague' });
    const phone = '447700900640';
    const { conversationId } = await customerWrites(t, { from: phone, text: 'Hello' });
    const send = (token: string) =>
      sendTemplateRequest(t, token, {
        phone: `+${phone}`,
        template_name: 'holder_kept',
        language_code: 'en_US',
        components: orderParameters,
      });
    const holder = async () => (await t.request({ method: 'GET', url: `/api/agent/session/${conversationId}`, token: admin })).json();

    // The bot keeps its conversation, whoever sends, and when a failed template is retried.
    expect((await send(admin)).statusCode).toBe(201);
    expect(await holder()).toMatchObject({ state: 'bot', userId: null });
    await failNextSend(t, admin, { code: 131026 });
    const failed = await send(agent.token);
    expect(failed.json().message.status).toBe('failed');
    const retried = await t.request({ method: 'POST', url: `/api/retry-message/${failed.json().message.id}`, token: agent.token });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await holder()).toMatchObject({ state: 'bot', userId: null });

    // An agent's conversation stays theirs; a colleague is refused as their message would be, with nothing sent.
    const taken = await t.request({
      method: 'POST',
      url: `/api/agent/session/${conversationId}/takeover`,
      token: agent.token,
      payload: {},
    });
    expect(taken.statusCode).toBe(200);
    expect((await send(admin)).statusCode).toBe(201);
    const refused = await send(colleague.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This conversation is handled by template-agent',
      code: 'CONFLICT',
      details: { holder: { id: agent.id, username: 'template-agent' } },
    });
    expect(await holder()).toMatchObject({ state: 'agent', userId: agent.id });
    expect((await storedTemplateMessages('holder_kept')).length).toBe(3);
  });
});

describe('Meta’s limits before submission', () => {
  it('answers 400 naming the field, with every issue in details, and submits nothing', async () => {
    const long = orderDraft('too_long');
    long.components[1] = { type: 'BODY', text: `Hi {{1}} ${'x'.repeat(1020)}`, example: { body_text: [['Ann']] } };
    const res = await t.request({ method: 'POST', url: '/api/templates', token: admin, payload: long });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'components[1].text: body must be at most 1024 characters',
      details: [{ field: 'components[1].text', message: 'body must be at most 1024 characters' }],
    });

    const buttons = Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i}` }));
    const many = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: admin,
      payload: {
        ...orderDraft('many_buttons'),
        components: [
          { type: 'BODY', text: 'Pick one' },
          { type: 'BUTTONS', buttons },
        ],
      },
    });
    expect(many.json().error).toBe('components[1].buttons: at most 10 buttons');
    const badName = await t.request({ method: 'POST', url: '/api/templates', token: admin, payload: orderDraft('Bad Name') });
    expect(badName.json().error).toBe('name: name may only contain lowercase letters, digits and underscores');
    const noExample = orderDraft('no_example');
    noExample.components[1] = { type: 'BODY', text: 'Hi {{1}}, see you soon.' };
    expect((await t.request({ method: 'POST', url: '/api/templates', token: admin, payload: noExample })).json().error).toBe(
      'components[1].example.body_text: give an example for each of the 1 variable',
    );
    const badCategory = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: admin,
      payload: { ...orderDraft('x'), category: 'PROMO' },
    });
    expect(badCategory.json().error).toMatch(/^category must be one of MARKETING, UTILITY, AUTHENTICATION/);

    const search = await t.request({ method: 'GET', url: '/api/templates/search?name=too_long', token: admin });
    expect(search.json().total).toBe(0);
  });

  it('lists Meta’s constants for the editor', async () => {
    const res = await t.request({ method: 'GET', url: '/api/templates/metadata/constants', token: agent.token });
    expect(res.statusCode).toBe(200);
    const constants = res.json();
    expect(constants.categories).toEqual(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
    expect(constants.languages).toContainEqual({ code: 'en_US', name: 'English (US)' });
    expect(constants.buttonTypes).toEqual(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP']);
    expect(constants.limits).toMatchObject({ bodyMaxLength: 1024, maxButtons: 10, headerTextMaxLength: 60 });
    expect(constants.headerMedia.IMAGE.mimeTypes).toEqual(['image/jpeg', 'image/png']);
  });
});

describe('the sandbox’s template sends', () => {
  it('refuses, as Meta does, templates it does not hold or has paused, and parameters that do not fit', async () => {
    const client = cloudApiClientFor(t.ctx.config.whatsapp, { attempts: 1 });
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (err: unknown) => (err instanceof CloudApiError ? err.code : err),
      );
    expect(await codeOf(client.sendTemplate('447700900604', 'never_made', 'en_US', []))).toBe(132001);
    await approvedTemplate(t, admin, orderDraft('sandbox_paused'));
    expect(await codeOf(client.sendTemplate('447700900604', 'sandbox_paused', 'en_US', []))).toBe(132000);
    const pause = await fetch(`${t.baseUrl}/sandbox/control/template-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: 'sandbox_paused', language: 'en_US', status: 'PAUSED' }),
    });
    expect(pause.status).toBe(200);
    expect(await codeOf(client.sendTemplate('447700900604', 'sandbox_paused', 'en_US', orderParameters))).toBe(132015);
    // The signed webhook the control sent paused the server's copy too.
    await eventually(async () => {
      const res = await t.request({ method: 'GET', url: '/api/templates/search?name=sandbox_paused', token: admin });
      return res.json().templates[0]?.status === 'PAUSED';
    });
  });
});

describe('the daily messages quota', () => {
  it('counts each template sent and refuses past it, storing and sending nothing', async () => {
    await approvedTemplate(t, admin, orderDraft('quota_check'));
    const used = (await licenseStatus(t)).quotas.messages.used as number;
    expect((await applyKey(t, mintKey({ plan: 'basic', quotas: { messages: used + 1 } }))).statusCode).toBe(200);
    const send = () =>
      sendTemplateRequest(t, agent.token, {
        phone: '+447700900605',
        template_name: 'quota_check',
        language_code: 'en_US',
        components: orderParameters,
      });
    expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', quotaType: 'messages' });
    expect(await storedTemplateMessages('quota_check')).toHaveLength(1);
    const phone = await sandboxConversation(t, '447700900605');
    expect(phone.messages).toHaveLength(1);
  });
});
