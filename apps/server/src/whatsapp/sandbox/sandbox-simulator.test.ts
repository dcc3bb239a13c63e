import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxConversation, SandboxCustomer, SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudApiClient, cloudApiClientFor } from '../cloud-api-client.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../test/listening-test-app.ts';
import { sandboxBsuid } from './user-ids.ts';

let t: ListeningTestApp;
let client: CloudApiClient;
let adminToken: string;
let agentToken: string;

beforeAll(async () => {
  t = await createListeningTestApp();
  client = cloudApiClientFor(t.ctx.config.whatsapp, { sleep: async () => {} });
  adminToken = await t.adminToken();
  agentToken = (await t.createUser({ username: 'simulated-customer' })).token;
});
afterAll(() => t.close());

const SANDBOX_CSP = "sandbox; default-src 'none'";
const get = (path: string, token: string | null = adminToken) =>
  fetch(`${t.baseUrl}/sandbox/control/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const post = (path: string, body: unknown, token: string = adminToken) =>
  fetch(`${t.baseUrl}/sandbox/control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

async function conversation(phone: string): Promise<SandboxConversation> {
  const res = await get(`conversation?phone=${encodeURIComponent(phone)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SandboxConversation;
}
async function customerWrites(body: Record<string, unknown>): Promise<string> {
  const res = await post('inbound', body);
  expect(res.status).toBe(200);
  return ((await res.json()) as { wamid: string }).wamid;
}
/** The message with `wamid` once `ready` holds for it. */
const messageOnPhone = (phone: string, wamid: string, ready: (m: SandboxMessage) => boolean = () => true) =>
  eventually(async () => (await conversation(phone)).messages.find((m) => m.wamid === wamid && ready(m)));
function upload(bytes: Buffer, mimeType: string, filename: string, token = adminToken) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  return fetch(`${t.baseUrl}/sandbox/control/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}
async function uploadAsCustomer(bytes: Buffer, mimeType: string, filename: string): Promise<string> {
  const res = await upload(bytes, mimeType, filename);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

describe("the simulator's view of a customer's phone", () => {
  it('shows both sides in order, with the statuses the sandbox reported and the buttons the customer can tap', async () => {
    const phone = '447700900400';
    const hello = await customerWrites({ from: `+${phone}`, name: 'Priya', type: 'text', text: 'Is my order on its way?' });
    const { wamid: question } = await client.sendButtons(phone, 'It ships today. Is the address right?', [
      { id: 'addr_ok', title: 'Yes' },
      { id: 'addr_change', title: 'Change it' },
    ]);
    const asked = await messageOnPhone(phone, question, (m) => m.status === 'read');
    expect(asked).toMatchObject({
      direction: 'to_customer',
      type: 'interactive',
      text: 'It ships today. Is the address right?',
      interactive: {
        kind: 'buttons',
        buttons: [
          { id: 'addr_ok', title: 'Yes' },
          { id: 'addr_change', title: 'Change it' },
        ],
      },
      error: null,
    });

    const answer = await customerWrites({ from: phone, type: 'button_reply', replyId: 'addr_ok', replyTitle: 'Yes', contextId: question });
    const { messages, name } = await conversation(phone);
    expect(name).toBe('Priya');
    expect(messages.map((m) => [m.wamid, m.direction, m.type])).toEqual([
      [hello, 'from_customer', 'text'],
      [question, 'to_customer', 'interactive'],
      [answer, 'from_customer', 'button_reply'],
    ]);
    expect(messages[0]).toMatchObject({ text: 'Is my order on its way?', status: 'delivered' });
    expect(messages[2]).toMatchObject({ reply: { id: 'addr_ok', title: 'Yes' }, contextId: question, status: 'delivered' });
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => a - b));

    const customers = (await (await get('customers')).json()) as { customers: SandboxCustomer[] };
    expect(customers.customers[0]).toMatchObject({ phone, name: 'Priya', messages: 3 });
  });

  it('writes a customer without a name as nameless, and keeps a name the console knew when one comes without', async () => {
    const contactName = (phone: string) =>
      eventually(async () => {
        const res = await t.request({ method: 'GET', url: `/api/agent/chat/${phone}`, token: adminToken });
        const { conversation } = res.json() as { conversation: { contact: { name: string | null } } | null };
        return conversation ? { name: conversation.contact.name } : null;
      });
    await customerWrites({ from: '447700900410', type: 'text', text: 'Hello?' });
    expect(await contactName('447700900410')).toEqual({ name: null });

    await customerWrites({ from: '447700900411', name: 'Priya Shah', type: 'text', text: 'Hi' });
    expect(await contactName('447700900411')).toEqual({ name: 'Priya Shah' });
    const again = await customerWrites({ from: '447700900411', type: 'text', text: 'Still there?' });
    await eventually(async () => {
      const res = await t.request({ method: 'GET', url: '/api/agent/chat/447700900411', token: adminToken });
      return (res.json() as { messages: { wamid: string }[] }).messages.some((m) => m.wamid === again) || null;
    });
    expect(await contactName('447700900411')).toEqual({ name: 'Priya Shah' });
  });

  it('records lists, reactions, templates and the read receipts the business sends', async () => {
    const phone = '447700900401';
    const mine = await customerWrites({ from: phone, type: 'text', text: 'Which size?' });
    await client.markRead(mine);
    expect(await messageOnPhone(phone, mine)).toMatchObject({ status: 'read' });

    const { wamid: list } = await client.sendList(phone, 'Pick a size', 'Sizes', [
      {
        title: 'Shoes',
        rows: [
          { id: 's42', title: '42', description: 'EU size' },
          { id: 's43', title: '43' },
        ],
      },
    ]);
    const { wamid: reaction } = await client.sendReaction(phone, mine, '👍');
    // The sandbox, like Meta, sends only approved templates it holds.
    await client.createTemplate({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your order is on its way.' }],
    });
    expect((await post('template-status', { name: 'order_update', language: 'en_US', status: 'APPROVED' }, adminToken)).status).toBe(200);
    const template = await fetch(
      `${t.ctx.config.whatsapp.apiUrl}/${t.ctx.config.whatsapp.apiVersion}/${t.ctx.config.whatsapp.phoneNumberId}/messages`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.ctx.config.whatsapp.accessToken}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: phone,
          type: 'template',
          template: { name: 'order_update', language: { code: 'en_US' } },
        }),
      },
    );
    expect(template.status).toBe(200);
    const templateWamid = ((await template.json()) as { messages: { id: string }[] }).messages[0]?.id as string;

    expect(await messageOnPhone(phone, list)).toMatchObject({
      type: 'interactive',
      interactive: {
        kind: 'list',
        button: 'Sizes',
        sections: [
          {
            title: 'Shoes',
            rows: [
              { id: 's42', title: '42', description: 'EU size' },
              { id: 's43', title: '43', description: null },
            ],
          },
        ],
      },
    });
    expect(await messageOnPhone(phone, reaction)).toMatchObject({ type: 'reaction', reaction: { messageId: mine, emoji: '👍' } });
    expect(await messageOnPhone(phone, templateWamid, (m) => m.status === 'delivered' || m.status === 'read')).toMatchObject({
      type: 'template',
      template: { name: 'order_update', language: 'en_US' },
    });
  });

  it('keeps a failed send with its error, and leaves out a send the Graph API refused', async () => {
    const phone = '447700900402';
    expect((await post('fail-next', { code: 131047, via: 'status' }, adminToken)).status).toBe(200);
    const { wamid } = await client.sendText(phone, 'Still there?');
    expect(await messageOnPhone(phone, wamid, (m) => m.status === 'failed')).toMatchObject({
      error: { code: 131047, title: 'Re-engagement message' },
    });

    expect((await post('fail-next', { code: 131026, via: 'response' }, adminToken)).status).toBe(200);
    await expect(client.sendText(phone, 'Never arrives')).rejects.toMatchObject({ code: 131026 });
    expect((await conversation(phone)).messages.map((m) => m.wamid)).toEqual([wamid]);
  });

  it('shows media both ways and serves its bytes to admins only, inline only when they are an image, video or audio', async () => {
    const phone = '447700900403';
    // A real 1×1 PNG.
    const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const photoId = await uploadAsCustomer(photo, 'image/png', 'box.png');
    const sent = await customerWrites({ from: phone, type: 'image', mediaId: photoId, caption: 'Dented' });

    const invoice = Buffer.from('%PDF-1.4 invoice');
    const { id: invoiceId } = await client.uploadMedia(invoice, 'application/pdf', 'upload.pdf');
    const { wamid: reply } = await client.sendMedia(phone, 'document', invoiceId, 'Your invoice', 'invoice-1042.pdf');

    expect(await messageOnPhone(phone, sent)).toMatchObject({
      direction: 'from_customer',
      type: 'image',
      text: 'Dented',
      media: { id: photoId, mimeType: 'image/png', filename: 'box.png' },
    });
    expect(await messageOnPhone(phone, reply)).toMatchObject({
      direction: 'to_customer',
      type: 'document',
      text: 'Your invoice',
      media: { id: invoiceId, mimeType: 'application/pdf', filename: 'invoice-1042.pdf' },
    });

    const file = await get(`media/${invoiceId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe('attachment');
    expect(file.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(invoice)).toBe(true);
    const shown = await get(`media/${photoId}`);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toBe('inline');
    expect(shown.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
    expect((await get(`media/${invoiceId}`, null)).status).toBe(401);
    expect((await get('media/1234567890123456')).status).toBe(404);
    expect((await get('media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('refuses a missing or malformed phone with a 400 naming it, and anyone not signed in', async () => {
    const missing = await get('conversation');
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('phone');
    const malformed = await get('conversation?phone=call%20me');
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('phone');
    expect((await get('conversation?phone=447700900404', null)).status).toBe(401);
    expect((await get('customers', null)).status).toBe(401);
    expect(await conversation('447700900404')).toEqual({
      phone: '447700900404',
      name: null,
      bsuid: sandboxBsuid('447700900404'),
      username: null,
      hidesNumber: false,
      businessTyping: false,
      messages: [],
    });
  });
});

describe('the sandbox controls', () => {
  const endpoints: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
    ['GET', 'customers'],
    ['GET', 'conversation?phone=447700900405'],
    ['GET', 'media/1234567890123456'],
    ['POST', 'media'],
    ['POST', 'inbound', { from: '447700900405', type: 'text', text: 'Hello' }],
    // count 0: queues nothing that could fail another test's send.
    ['POST', 'fail-next', { code: 131026, count: 0 }],
    ['POST', 'template-status', { name: 'nothing_here', language: 'en_US', status: 'PAUSED' }],
  ];
  const call = (method: 'GET' | 'POST', path: string, body: unknown, token: string) =>
    method === 'GET'
      ? get(path, token)
      : path === 'media'
        ? upload(Buffer.from('x'), 'text/plain', 'x.txt', token)
        : post(path, body, token);

  it('are for admins only: an agent gets 403 on every one, an admin gets through', async () => {
    for (const [method, path, body] of endpoints) {
      const refused = await call(method, path, body, agentToken);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toContain('admin');
      expect([200, 404], `${method} ${path}`).toContain((await call(method, path, body, adminToken)).status);
    }
  });

  it('refuses a file past 100 MB with a 413 that says so, keeping nothing', async () => {
    const res = await upload(Buffer.alloc(100 * 1024 * 1024 + 1, 1), 'video/mp4', 'huge.mp4');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('file is too large: the sandbox takes files up to 100 MB');
    const empty = await upload(Buffer.alloc(0), 'image/png', 'empty.png');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe('file is empty');
    expect(await readdir(path.join(t.dataDir, 'sandbox-media', '.incoming'))).toEqual([]);
  });
});
