import type { SandboxConversation, SandboxCustomer, SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudApiClient, cloudApiClientFor } from '../cloud-api-client.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../test/listening-test-app.ts';

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

const get = (path: string, token: string | null = agentToken) =>
  fetch(`${t.baseUrl}/sandbox/control/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const post = (path: string, body: unknown, token: string = agentToken) =>
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
async function uploadAsCustomer(bytes: Buffer, mimeType: string, filename: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const res = await fetch(`${t.baseUrl}/sandbox/control/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${agentToken}` },
    body: form,
  });
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

  it('shows media both ways and serves its bytes to signed-in users only', async () => {
    const phone = '447700900403';
    const photo = Buffer.from('\x89PNG\r\n\x1a\n a photo of the box');
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
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(invoice)).toBe(true);
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
    expect(await conversation('447700900404')).toEqual({ phone: '447700900404', name: null, messages: [] });
  });
});
