import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ApiKeyLogEntry } from '@wac/contract/api-keys';
import type { ChatMessage } from '@wac/contract/chat';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotency } from '../../db/schema.ts';
import { createListeningTestApp, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { customerWrites, messageRows } from '../messaging/test/chat-test-kit.ts';
import { idempotencySweepJob } from './public-api.jobs.ts';
import { keyCall, keyUpload, newKey, sentTo, type TestKey } from './test/public-api-test-kit.ts';

let t: ListeningTestApp;
let shop: TestKey;
let crm: TestKey;

beforeAll(async () => {
  t = await createListeningTestApp();
  shop = await newKey(t, 'Shop', ['send:text', 'send:media', 'send:buttons']);
  crm = await newKey(t, 'CRM', ['send:text']);
});
afterAll(async () => {
  await t.close();
});

const sendText = (phone: string, message: string, idempotencyKey: string, key = shop) =>
  keyCall(t, '/api/send-text', key, { phone, message }, { 'idempotency-key': idempotencyKey });
const rowsOf = (keyId: number) => t.ctx.database.db.select().from(apiIdempotency).where(eq(apiIdempotency.keyId, keyId));

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer, marked as replayed, and sends nothing again', async () => {
    const inbound = await customerWrites(t, { from: '447700900901', text: 'Hi' });
    const first = await sendText('447700900901', 'Your code is 4411', 'otp-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same request written differently (spacing, key order) is the same request.
    const again = await t.request({
      method: 'POST',
      url: '/api/send-text',
      headers: { 'x-api-key': shop.secret, 'idempotency-key': 'otp-1', 'content-type': 'application/json' },
      payload: '{ "message": "Your code is 4411",   "phone": "447700900901" }',
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    expect((await sentTo(t, '447700900901')).map((m) => m.text)).toEqual(['Your code is 4411']);
    expect((await messageRows(t, inbound.conversationId)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
  });

  it("marks the replay in the key's log, each call with the message and its customer's number", async () => {
    await customerWrites(t, { from: '447700900909', text: 'Hi' });
    const first = await sendText('447700900909', 'Your parcel left', 'parcel-1', crm);
    const again = await sendText('447700900909', 'Your parcel left', 'parcel-1', crm);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const messageId = first.json().message.id as number;
    const token = await t.adminToken();
    let logs: ApiKeyLogEntry[] = [];
    await expect
      .poll(async () => {
        logs = (await t.request({ method: 'GET', url: `/api/keys/${crm.id}/logs?path=send-text`, token })).json().logs;
        return logs.length;
      })
      .toBe(2);
    expect(logs.map((log) => [log.status, log.replayed, log.messageId, log.phone])).toEqual([
      [201, true, messageId, '447700900909'],
      [201, false, messageId, '447700900909'],
    ]);
  });

  it('sends once when identical requests arrive together', async () => {
    const inbound = await customerWrites(t, { from: '447700900902', text: 'Hi' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendText('447700900902', 'Order #7 confirmed', 'order-7')));
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      String(statuses),
    ).toBe(true);
    const sent = answers.filter((res) => res.statusCode === 201).map((res) => (res.json().message as ChatMessage).id);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent).size).toBe(1);
    for (const busy of answers.filter((res) => res.statusCode === 409)) {
      expect(busy.json()).toEqual({ error: 'A request with this Idempotency-Key is still being processed', code: 'CONFLICT' });
    }

    expect((await sentTo(t, '447700900902')).map((m) => m.text)).toEqual(['Order #7 confirmed']);
    expect((await messageRows(t, inbound.conversationId)).filter((m) => m.direction === 'outbound')).toHaveLength(1);
    // Once the first has answered, a repeat gets its answer.
    const later = await sendText('447700900902', 'Order #7 confirmed', 'order-7');
    expect(later.statusCode).toBe(201);
    expect(later.json().message.id).toBe(sent[0]);
  });

  it('refuses the same key with a different request (422), sending nothing', async () => {
    await customerWrites(t, { from: '447700900903', text: 'Hi' });
    expect((await sendText('447700900903', 'First', 'reused')).statusCode).toBe(201);
    const other = await sendText('447700900903', 'Second', 'reused');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'Idempotency-Key was already used with a different request',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'Idempotency-Key', message: 'was already used with a different request' }],
    });
    const otherEndpoint = await keyCall(
      t,
      '/api/send-buttons',
      shop,
      { phone: '447700900903', body: 'First', buttons: [{ id: 'a', title: 'A' }] },
      { 'idempotency-key': 'reused' },
    );
    expect(otherEndpoint.statusCode).toBe(422);
    expect((await sentTo(t, '447700900903')).map((m) => m.text)).toEqual(['First']);
  });

  it('keeps no answer for a request refused before sending, so the fixed request may use the same key', async () => {
    const invalid = await sendText('not a phone', 'Hello', 'fix-me');
    expect(invalid.statusCode).toBe(400);
    // The customer has not written: the window is closed, and nothing is stored.
    const closed = await sendText('447700900904', 'Hello', 'fix-me');
    expect(closed.json().code).toBe('SERVICE_WINDOW_CLOSED');
    expect((await rowsOf(shop.id)).map((row) => row.idempotencyKey)).not.toContain('fix-me');

    await customerWrites(t, { from: '447700900904', text: 'Hi' });
    const fixed = await sendText('447700900904', 'Hello', 'fix-me');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect((await sentTo(t, '447700900904')).map((m) => m.text)).toEqual(['Hello']);
  });

  it('keeps keys apart: the same Idempotency-Key under another API key is another request', async () => {
    await customerWrites(t, { from: '447700900905', text: 'Hi' });
    expect((await sendText('447700900905', 'Hello', 'shared', shop)).statusCode).toBe(201);
    const byCrm = await sendText('447700900905', 'Hello', 'shared', crm);
    expect(byCrm.statusCode).toBe(201);
    expect(byCrm.headers['idempotent-replayed']).toBeUndefined();
    expect(await sentTo(t, '447700900905')).toHaveLength(2);
  });

  it('refuses an empty, overlong or repeated header with 400 naming it', async () => {
    await customerWrites(t, { from: '447700900906', text: 'Hi' });
    const tooLong = await sendText('447700900906', 'Hello', 'k'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: 'Idempotency-Key must be at most 255 characters',
      details: [{ field: 'Idempotency-Key' }],
    });
    const empty = await sendText('447700900906', 'Hello', ' ');
    expect(empty.json().error).toBe('Idempotency-Key must not be empty');
    expect(await sentTo(t, '447700900906')).toEqual([]);
  });

  it('sends a file once, and leaves a repeat’s upload unkept', async () => {
    await customerWrites(t, { from: '447700900907', text: 'Send the invoice' });
    const file = { bytes: Buffer.from('%PDF-1.4 invoice 1042'), type: 'application/pdf', name: 'invoice.pdf' };
    const upload = () => keyUpload(t, shop, { phone: '447700900907', type: 'document' }, file, { 'idempotency-key': 'invoice-1042' });
    const first = await upload();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await upload();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const changed = await keyUpload(
      t,
      shop,
      { phone: '447700900907', type: 'document' },
      { ...file, bytes: Buffer.from('%PDF-1.4 invoice 1043') },
      { 'idempotency-key': 'invoice-1042' },
    );
    expect(changed.status).toBe(422);

    expect((await sentTo(t, '447700900907')).map((m) => [m.type, m.media?.filename])).toEqual([['document', 'invoice.pdf']]);
    const incoming = await readdir(path.join(t.dataDir, 'media_storage', '.incoming')).catch(() => []);
    expect(incoming).toEqual([]);
  });

  it('forgets answers after 24 hours: the key sends again, and the hourly sweep removes old rows', async () => {
    await customerWrites(t, { from: '447700900908', text: 'Hi' });
    expect((await sendText('447700900908', 'Reminder', 'daily-reminder')).statusCode).toBe(201);
    const dayAgo = sql`now() - interval '25 hours'`;
    await t.ctx.database.db.update(apiIdempotency).set({ createdAt: dayAgo }).where(eq(apiIdempotency.idempotencyKey, 'daily-reminder'));
    const nextDay = await sendText('447700900908', 'Reminder', 'daily-reminder');
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
    expect(await sentTo(t, '447700900908')).toHaveLength(2);

    await t.ctx.database.db.update(apiIdempotency).set({ createdAt: dayAgo }).where(eq(apiIdempotency.idempotencyKey, 'daily-reminder'));
    await idempotencySweepJob({ db: t.ctx.database.db, log: t.app.log }).handler({});
    const left = (await rowsOf(shop.id)).map((row) => row.idempotencyKey);
    expect(left).not.toContain('daily-reminder');
    expect(left).toContain('otp-1');
  });
});
