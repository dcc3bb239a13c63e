import { describe, expect, it } from 'vitest';
import { storeOutbound } from '../../modules/messaging/test/outbound.ts';
import { type CloudApiClient, cloudApiClientFor } from '../cloud-api-client.ts';
import { whatsappTables } from '../test/db-queries.ts';
import { eventually } from '../test/listening-test-app.ts';
import { liveTestApp } from '../test/live-test-app.ts';

let tables: ReturnType<typeof whatsappTables>;
let client: CloudApiClient;
let adminToken: string;
let agentToken: string;
const { t, log } = liveTestApp(async (app) => {
  tables = whatsappTables(app.ctx.database.db);
  client = cloudApiClientFor(app.ctx.config.whatsapp, { sleep: async () => {} });
  adminToken = await app.adminToken();
  agentToken = (await app.createUser({ username: 'simulator-agent' })).token;
  return agentToken;
});

const control = (path: string, body: unknown, token: string | null = adminToken) =>
  fetch(`${t.baseUrl}/sandbox/control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
type Inbound = { wamid: string; webhookStatus: number };
const phoneNumberId = () => t.ctx.config.whatsapp.phoneNumberId;
const statusEvents = (wamid: string) =>
  log.events.filter((e) => e.event === 'message_status_update' && e.payload.wamid === wamid).map((e) => e.payload.status);

describe('sandbox sends and their signed status webhooks', () => {
  it('move the stored message from pending to sent, delivered and read, live', async () => {
    const { wamid } = await client.sendText('447700900200', 'Your parcel ships today');
    // Under load the first status can beat this insert; the next test covers that path on purpose.
    await storeOutbound(t.ctx.database.db, { phone: '447700900200', phoneNumberId: phoneNumberId(), wamid });
    const read = await eventually(async () => {
      const m = await tables.message(wamid);
      return m?.status === 'read' ? m : null;
    });
    expect(read.sentAt).not.toBeNull();
    expect(read.deliveredAt).not.toBeNull();
    expect(read.readAt).not.toBeNull();
    await eventually(async () => statusEvents(wamid).includes('read'));
    // In order, each once; statuses applied at insert (because they came first) are not announced again.
    expect(['sent', 'delivered', 'read'].slice(-statusEvents(wamid).length)).toEqual(statusEvents(wamid));
    // Every status reached the server through the webhook route and its signature check.
    const events = await tables.events();
    expect(events.filter((e) => JSON.stringify(e.payload).includes(wamid))).toHaveLength(3);
  });

  it('still lands when the statuses beat the message into the database', async () => {
    const { wamid } = await client.sendText('447700900201', 'Racing ahead');
    await eventually(async () => (await tables.earlyStatuses(wamid)).length >= 2);
    const stored = await storeOutbound(t.ctx.database.db, { phone: '447700900201', phoneNumberId: phoneNumberId(), wamid });
    expect(['delivered', 'read']).toContain(stored.message.status);
    await eventually(async () => (await tables.message(wamid))?.status === 'read');
  });

  it('reports a failure queued "via status" as a failed webhook with Meta’s error', async () => {
    const queued = await control('fail-next', { code: 131026, httpStatus: 400, via: 'status' }, adminToken);
    expect(queued.status).toBe(200);
    const { wamid } = await client.sendText('447700900202', 'Nobody home');
    await storeOutbound(t.ctx.database.db, { phone: '447700900202', phoneNumberId: phoneNumberId(), wamid });
    const failed = await eventually(async () => {
      const m = await tables.message(wamid);
      return m?.status === 'failed' ? m : null;
    });
    expect(failed).toMatchObject({ errorCode: 131026, errorTitle: 'Message undeliverable' });
    await eventually(async () => statusEvents(wamid).includes('failed'));
  });
});

describe('simulated customers', () => {
  it('write text that reaches the inbox and every agent', async () => {
    const res = await control('inbound', { from: '+55 11 8765-4321', name: 'Maria', type: 'text', text: 'Olá!' });
    expect(res.status).toBe(200);
    const { wamid, webhookStatus } = (await res.json()) as Inbound;
    expect(webhookStatus).toBe(200);
    const message = await eventually(() => tables.message(wamid));
    expect(message).toMatchObject({ direction: 'inbound', type: 'text', content: { text: 'Olá!' } });
    const contact = (await tables.contacts()).find((c) => c.phone === '5511987654321');
    expect(contact).toMatchObject({ name: 'Maria', waId: '551187654321' });
    await eventually(async () => log.events.some((e) => e.event === 'whatsapp_message_received' && e.payload.wamid === wamid));
  });

  it('send media uploaded first, which the server can fetch back through the Graph API', async () => {
    const form = new FormData();
    const bytes = Buffer.from('\x89PNG\r\n\x1a\n fake image bytes');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    const upload = await fetch(`${t.baseUrl}/sandbox/control/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const media = (await upload.json()) as { id: string; mimeType: string; sha256: string; fileSize: number };
    expect(media).toMatchObject({ mimeType: 'image/png', fileSize: bytes.length });

    const res = await control('inbound', { from: '447700900300', name: 'Leo', type: 'image', mediaId: media.id, caption: 'Broken box' });
    const { wamid } = (await res.json()) as Inbound;
    const message = await eventually(() => tables.message(wamid));
    expect(message).toMatchObject({
      type: 'image',
      content: { text: 'Broken box', media: { id: media.id, mimeType: 'image/png', sha256: media.sha256 } },
    });
    const info = await client.getMediaUrl(media.id);
    expect((await client.downloadMedia(info.url)).buffer.equals(bytes)).toBe(true);
    // Not PNG bytes, whatever the upload said: a browser given the URL gets an opaque download.
    const served = await fetch(info.url, { headers: { authorization: `Bearer ${t.ctx.config.whatsapp.accessToken}` } });
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('press reply buttons on a business message', async () => {
    const { wamid: question } = await client.sendButtons('447700900301', 'Did it arrive?', [
      { id: 'yes', title: 'Yes' },
      { id: 'no', title: 'No' },
    ]);
    const res = await control('inbound', {
      from: '447700900301',
      type: 'button_reply',
      replyId: 'no',
      replyTitle: 'No',
      contextId: question,
    });
    const { wamid } = (await res.json()) as Inbound;
    expect(await eventually(() => tables.message(wamid))).toMatchObject({
      type: 'interactive',
      content: { text: 'No', reply: { kind: 'button', id: 'no' }, context: { id: question } },
    });
  });

  it('are refused without a session, to agents, with an unknown media id, or with a number that is not one', async () => {
    expect((await control('inbound', { from: '447700900302', type: 'text', text: 'hi' }, null)).status).toBe(401);
    expect((await control('inbound', { from: '447700900302', type: 'text', text: 'hi' }, agentToken)).status).toBe(403);
    expect((await control('inbound', { from: '447700900302', type: 'image', mediaId: '1234567890123456' })).status).toBe(400);
    expect((await control('inbound', { from: 'call me', type: 'text', text: 'hi' })).status).toBe(400);
    expect((await control('inbound', { from: '447700900302', type: 'text', text: '   ' })).status).toBe(400);
  });
});
