import type { ChatMessage } from '@wac/contract/chat';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { contacts, messages } from '../../db/schema.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { SERVICE_WINDOW_CLOSED_MESSAGE } from '../messaging/queue-outbound.ts';
import { customerLastWrote, customerWrites, HOUR_MS, messageRows } from '../messaging/test/chat-test-kit.ts';
import { approvedTemplate, orderDraft, orderParameters } from '../templates/test/template-test-kit.ts';
import { keyCall, keyUpload, newKey, sentTo, type TestKey } from './test/public-api-test-kit.ts';

let t: ListeningTestApp;
let admin: string;
let agent: SeededUser;
let shop: TestKey;
let textOnly: TestKey;

beforeAll(async () => {
  t = await createListeningTestApp();
  admin = await t.adminToken();
  agent = await addUser(t, { username: 'key-agent' });
  shop = await newKey(t, 'Shop', ['send:text', 'send:template', 'send:media', 'send:buttons']);
  textOnly = await newKey(t, 'Texts', ['send:text']);
});
afterAll(async () => {
  await t.close();
});

const history = async (phone: string) =>
  (await t.request({ method: 'GET', url: `/api/agent/chat/${phone}`, token: admin })).json().messages as ChatMessage[];
const session = async (conversationId: number) =>
  (await t.request({ method: 'GET', url: `/api/agent/session/${conversationId}`, token: admin })).json();
const storedRow = async (id: number) => (await t.ctx.database.db.select().from(messages).where(eq(messages.id, id)))[0];

/** The message as the console's thread shows it: named after the key, with no agent. */
async function expectShownAsSentByKey(phone: string, message: ChatMessage, key: TestKey) {
  expect(message).toMatchObject({ direction: 'outbound', sender: null, apiKey: { id: key.id, name: key.name } });
  expect((await history(phone)).find((m) => m.id === message.id)).toMatchObject({ sender: null, apiKey: { id: key.id, name: key.name } });
  expect(await storedRow(message.id)).toMatchObject({ userId: null, apiKeyId: key.id });
}

describe('POST /api/send-text', () => {
  it('sends once through the Graph API, shows the message in the chat as sent by the key, and logs the message id', async () => {
    const inbound = await customerWrites(t, { from: '447700900801', name: 'Nora', text: 'Where is my order?' });
    const res = await keyCall(t, '/api/send-text', shop, { phone: '+44 7700 900801', message: 'Your order has shipped.' });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().message as ChatMessage;
    expect(message).toMatchObject({ conversationId: inbound.conversationId, type: 'text', content: { text: 'Your order has shipped.' } });
    expect(message.wamid).toMatch(/^wamid\./);
    await expectShownAsSentByKey('447700900801', message, shop);
    expect((await sentTo(t, '447700900801')).map((m) => [m.type, m.text, m.wamid])).toEqual([
      ['text', 'Your order has shipped.', message.wamid],
    ]);

    const logs = await eventually(async () => {
      const page = (await t.request({ method: 'GET', url: `/api/keys/${shop.id}/logs?path=/api/send-text`, token: admin })).json();
      return page.logs?.length ? page.logs : null;
    });
    expect(logs[0]).toMatchObject({ method: 'POST', path: '/api/send-text', status: 201, messageId: message.id });
  });

  it('takes no conversation over: the bot keeps its conversation and an agent keeps theirs', async () => {
    const inbound = await customerWrites(t, { from: '447700900802', text: 'Hi' });
    expect((await keyCall(t, '/api/send-text', shop, { phone: '447700900802', message: 'Order update' })).statusCode).toBe(201);
    expect(await session(inbound.conversationId)).toMatchObject({ state: 'bot', userId: null });

    const takeover = await t.request({
      method: 'POST',
      url: `/api/agent/session/${inbound.conversationId}/takeover`,
      token: agent.token,
      payload: { reason: 'Helping' },
    });
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect((await keyCall(t, '/api/send-text', shop, { phone: '447700900802', message: 'Another update' })).statusCode).toBe(201);
    expect(await session(inbound.conversationId)).toMatchObject({ state: 'agent', userId: agent.id, username: 'key-agent' });
  });

  it('refuses outside the 24-hour window with the console’s error, sending and storing nothing', async () => {
    const inbound = await customerWrites(t, { from: '447700900803', text: 'Hi' });
    await customerLastWrote(t, inbound.conversationId, new Date(Date.now() - 25 * HOUR_MS));
    const res = await keyCall(t, '/api/send-text', shop, { phone: '447700900803', message: 'Too late' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SERVICE_WINDOW_CLOSED_MESSAGE, code: 'SERVICE_WINDOW_CLOSED' });
    expect((await messageRows(t, inbound.conversationId)).map((m) => m.direction)).toEqual(['inbound']);

    const stranger = await keyCall(t, '/api/send-text', shop, { phone: '447700900804', recipientName: 'New', message: 'Hello' });
    expect(stranger.json().code).toBe('SERVICE_WINDOW_CLOSED');
    expect(await t.ctx.database.db.select().from(contacts).where(eq(contacts.phone, '447700900804'))).toEqual([]);
    expect(await sentTo(t, '447700900803')).toEqual([]);
    expect(await sentTo(t, '447700900804')).toEqual([]);
  });

  it('answers 400 naming the field for a missing phone or message, or a phone that is not a number', async () => {
    await customerWrites(t, { from: '447700900805', text: 'Hi' });
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'Hello' }, 'phone is required (body phone)'],
      [{ phone: '447700900805' }, 'message is required (body message)'],
      [{ phone: '447700900805', message: '   ' }, 'message is required (body message)'],
      [
        { phone: 'call me', message: 'Hello' },
        'phone must be a phone number in international format, such as +447700900123, or a WhatsApp user ID, such as US.13491208655302741918 (body phone)',
      ],
      [{ phone: '447700900805', message: 'x'.repeat(4097) }, 'message must be at most 4096 characters (body message)'],
    ];
    for (const [payload, error] of cases) {
      const res = await keyCall(t, '/api/send-text', shop, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error });
    }
    expect(await sentTo(t, '447700900805')).toEqual([]);
    expect((await history('447700900805')).map((m) => m.direction)).toEqual(['inbound']);
  });
});

describe('POST /api/send-buttons', () => {
  it('sends up to three reply buttons with a header and footer, stored as an interactive message the chat shows', async () => {
    await customerWrites(t, { from: '447700900811', text: 'Delivery?' });
    const buttons = [
      { id: 'today', title: 'Today' },
      { id: 'tomorrow', title: 'Tomorrow' },
      { id: 'pickup', title: 'Pick up' },
    ];
    const res = await keyCall(t, '/api/send-buttons', shop, {
      phone: '447700900811',
      header: 'Order #1042',
      body: 'When should we deliver?',
      footer: 'Shop Ltd',
      buttons,
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().message as ChatMessage;
    expect(message).toMatchObject({
      type: 'interactive',
      content: { text: 'When should we deliver?', raw: { type: 'button', buttons, header: 'Order #1042', footer: 'Shop Ltd' } },
    });
    await expectShownAsSentByKey('447700900811', message, shop);
    const sent = await sentTo(t, '447700900811');
    expect(sent.map((m) => [m.type, m.text, m.interactive, m.wamid])).toEqual([
      ['interactive', 'When should we deliver?', { kind: 'buttons', buttons }, message.wamid],
    ]);
  });

  it('sends a list of rows behind one button', async () => {
    await customerWrites(t, { from: '447700900812', text: 'Stores?' });
    const rows = [
      { id: 'soho', title: 'Soho', description: '12 Greek Street' },
      { id: 'camden', title: 'Camden' },
    ];
    const res = await keyCall(t, '/api/send-buttons', shop, {
      phone: '447700900812',
      body: 'Pick a store',
      list: { button: 'Stores', rows },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toMatchObject({ type: 'interactive', content: { raw: { type: 'list', button: 'Stores', rows } } });
    const [sent, ...more] = await sentTo(t, '447700900812');
    expect(more).toEqual([]);
    expect(sent?.interactive).toEqual({
      kind: 'list',
      button: 'Stores',
      sections: [
        {
          title: null,
          rows: [
            { id: 'soho', title: 'Soho', description: '12 Greek Street' },
            { id: 'camden', title: 'Camden', description: null },
          ],
        },
      ],
    });
  });

  it('answers 400 naming the field for a 4th button, both or neither of buttons and list, and long titles', async () => {
    await customerWrites(t, { from: '447700900813', text: 'Hi' });
    const button = (n: number) => ({ id: `b${n}`, title: `Choice ${n}` });
    const cases: [Record<string, unknown>, string][] = [
      [{ body: 'Pick', buttons: [1, 2, 3, 4].map(button) }, 'buttons may have at most 3 buttons (body buttons)'],
      [{ body: 'Pick' }, 'Give either buttons or list, not both and not neither (body buttons)'],
      [
        { body: 'Pick', buttons: [button(1)], list: { button: 'More', rows: [{ id: 'r', title: 'Row' }] } },
        'Give either buttons or list, not both and not neither (body buttons)',
      ],
      [{ buttons: [button(1)] }, 'body is required (body body)'],
      [{ body: 'Pick', buttons: [{ id: 'x', title: 'A title far too long for Meta' }] }, 'button title must be at most 20 characters'],
      [
        { body: 'Pick', list: { button: 'More', rows: Array.from({ length: 11 }, (_, n) => ({ id: `r${n}`, title: 'Row' })) } },
        'list rows may have at most 10 rows',
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await keyCall(t, '/api/send-buttons', shop, { phone: '447700900813', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect(await sentTo(t, '447700900813')).toEqual([]);
    expect((await history('447700900813')).map((m) => m.direction)).toEqual(['inbound']);
  });
});

const MB = 1024 * 1024;
const png = (size = 2048) => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(size - 8, 7)]);

describe('POST /api/send-media', () => {
  it('uploads the file to Meta once and sends it with its caption, shown in the chat as sent by the key', async () => {
    await customerWrites(t, { from: '447700900821', text: 'Invoice please' });
    const res = await keyUpload(
      t,
      shop,
      { phone: '447700900821', caption: 'Your receipt' },
      { bytes: png(), type: 'image/png', name: 'receipt.png' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const message = res.body.message as ChatMessage;
    expect(message).toMatchObject({ type: 'image', content: { text: 'Your receipt' }, media: { kind: 'image', filename: 'receipt.png' } });
    await expectShownAsSentByKey('447700900821', message, shop);
    const sent = await sentTo(t, '447700900821');
    expect(sent.map((m) => [m.type, m.text, m.media?.mimeType, m.wamid])).toEqual([['image', 'Your receipt', 'image/png', message.wamid]]);
  });

  it('refuses a file over Meta’s limit, a missing file or phone with 400 naming the field, sending nothing', async () => {
    await customerWrites(t, { from: '447700900822', text: 'Photo?' });
    const huge = await keyUpload(t, shop, { phone: '447700900822' }, { bytes: png(5 * MB + 1), type: 'image/png', name: 'huge.png' });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      error: 'File is too large: images may be at most 5 MB',
      details: [{ field: 'file', message: 'images may be at most 5 MB' }],
    });
    const noFile = await keyUpload(t, shop, { phone: '447700900822' }, null);
    expect(noFile.body).toMatchObject({ error: 'file is required', details: [{ field: 'file' }] });
    const noPhone = await keyUpload(t, shop, {}, { bytes: png(), type: 'image/png', name: 'a.png' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error).toBe('phone is required (body phone)');
    const badType = await keyUpload(
      t,
      shop,
      { phone: '447700900822', type: 'sticker' },
      { bytes: png(), type: 'image/png', name: 'a.png' },
    );
    expect(badType.body.error).toBe('type must be one of image, video, audio, document (body type)');
    expect(await sentTo(t, '447700900822')).toEqual([]);
    expect((await history('447700900822')).map((m) => m.direction)).toEqual(['inbound']);
  });
});

describe('POST /api/send-template', () => {
  it('takes a key with send:template (once per Idempotency-Key), and the console’s bearer token too', async () => {
    await approvedTemplate(t, admin, orderDraft('key_order'));
    const payload = { phone: '+447700900831', template_name: 'key_order', language_code: 'en_US', components: orderParameters };
    const byKey = await keyCall(t, '/api/send-template', shop, payload);
    expect(byKey.statusCode, byKey.body).toBe(201);
    const message = byKey.json().message as ChatMessage;
    expect(message).toMatchObject({ type: 'template', content: { text: 'Hi Nora, your order ships on Friday.' } });
    await expectShownAsSentByKey('447700900831', message, shop);

    const repeat = await keyCall(t, '/api/send-template', shop, payload, { 'idempotency-key': 'order-42' });
    expect(repeat.statusCode).toBe(201);
    const replayed = await keyCall(t, '/api/send-template', shop, payload, { 'idempotency-key': 'order-42' });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(repeat.json());
    // An answer kept before messages carried a sentiment replays in today's shape.
    await t.ctx.database.db.execute(
      sql`UPDATE api_idempotency SET response = response #- '{message,sentiment}' WHERE idempotency_key = 'order-42'`,
    );
    const olderAnswer = await keyCall(t, '/api/send-template', shop, payload, { 'idempotency-key': 'order-42' });
    expect(olderAnswer.statusCode).toBe(201);
    expect(olderAnswer.json()).toEqual(repeat.json());

    const byAgent = await t.request({ method: 'POST', url: '/api/send-template', token: agent.token, payload });
    expect(byAgent.statusCode, byAgent.body).toBe(201);
    expect(byAgent.json().message).toMatchObject({ sender: { id: agent.id, username: 'key-agent' }, apiKey: null });
    // The first send, the one the Idempotency-Key made once, and the agent's.
    expect((await sentTo(t, '447700900831')).map((m) => [m.type, m.template?.name])).toEqual([
      ['template', 'key_order'],
      ['template', 'key_order'],
      ['template', 'key_order'],
    ]);
  });
});

describe('who may call', () => {
  it('refuses a key without the endpoint’s scope (403), a bearer token on the key-only sends (401), and no credentials (401)', async () => {
    await customerWrites(t, { from: '447700900841', text: 'Hi' });
    const buttons = await keyCall(t, '/api/send-buttons', textOnly, {
      phone: '447700900841',
      body: 'Pick',
      buttons: [{ id: 'a', title: 'A' }],
    });
    expect(buttons.statusCode).toBe(403);
    expect(buttons.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    const template = await keyCall(t, '/api/send-template', textOnly, {
      phone: '447700900841',
      template_name: 'key_order',
      language_code: 'en_US',
    });
    expect(template.statusCode).toBe(403);
    const media = await keyUpload(t, textOnly, { phone: '447700900841' }, { bytes: png(), type: 'image/png', name: 'a.png' });
    expect(media.status).toBe(403);

    const bearer = await t.request({
      method: 'POST',
      url: '/api/send-text',
      token: admin,
      payload: { phone: '447700900841', message: 'Hi' },
    });
    expect(bearer.statusCode).toBe(401);
    const nobody = await t.request({ method: 'POST', url: '/api/send-text', payload: { phone: '447700900841', message: 'Hi' } });
    expect(nobody.statusCode).toBe(401);
    // A key does not reach the console's own sends.
    const console = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      headers: { 'x-api-key': shop.secret },
      payload: { recipientPhone: '447700900841', message: 'Hi' },
    });
    expect(console.statusCode).toBe(401);
    const templates = await t.request({ method: 'GET', url: '/api/templates/search', headers: { 'x-api-key': shop.secret } });
    expect(templates.statusCode).toBe(401);

    expect((await keyCall(t, '/api/send-text', textOnly, { phone: '447700900841', message: 'Allowed' })).statusCode).toBe(201);
    expect((await sentTo(t, '447700900841')).map((m) => m.text)).toEqual(['Allowed']);
  });
});

describe('the OpenAPI document', () => {
  it('describes each send under Public API with the X-API-Key scheme, the Idempotency-Key header and examples', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    for (const path of ['/api/send-text', '/api/send-media', '/api/send-buttons', '/api/send-template']) {
      const operation = doc.paths[path].post;
      expect(operation.tags, path).toContain('Public API');
      expect(operation.security, path).toContainEqual({ apiKey: [] });
      expect(operation.parameters.map((p: { name: string; in: string }) => [p.in, p.name])).toContainEqual(['header', 'idempotency-key']);
      expect(JSON.stringify(operation.responses['201']), path).toContain('"example"');
    }
    expect(doc.paths['/api/send-template'].post.security).toContainEqual({ bearer: [] });
    expect(JSON.stringify(doc.paths['/api/send-text'].post.requestBody)).toContain('Your order #1042 has shipped');
    expect(JSON.stringify(doc.paths['/api/send-buttons'].post.requestBody)).toContain('deliver-tomorrow');
    const form = doc.paths['/api/send-media'].post.requestBody.content;
    expect(Object.keys(form)).toEqual(['multipart/form-data']);
    expect(form['multipart/form-data'].schema).toMatchObject({ properties: { file: { format: 'binary' } }, required: ['file', 'phone'] });
  });

  it('lists the public key-authenticated endpoints first, and their tag first', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths.slice(0, 4).sort()).toEqual(['/api/send-buttons', '/api/send-media', '/api/send-template', '/api/send-text']);
    expect(paths.length).toBeGreaterThan(4);
    expect(doc.tags[0].name).toBe('Public API');
  });
});
