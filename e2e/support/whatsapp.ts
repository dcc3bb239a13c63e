import { createHmac, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiToken } from './session.ts';
import { E2E_PHONE_NUMBER_ID, E2E_WHATSAPP_APP_SECRET } from './stack.ts';

let next = 0;
/** A customer number nobody else in the run uses (E.164 digits, a UK mobile range). */
export function uniqueCustomerPhone(): string {
  next += 1;
  // 447 + 7 digits of the clock + 3 of the counter: 13 digits, never cut, so two calls never give the same number.
  return `447${String(Date.now() % 10_000_000).padStart(7, '0')}${String(next % 1000).padStart(3, '0')}`;
}

const auth = async (request: APIRequestContext) => ({ authorization: `Bearer ${await apiToken(request)}` });

/** A simulated customer writes through the sandbox, which posts the signed webhook. */
export async function customerWrites(request: APIRequestContext, from: string, name: string, text: string): Promise<void> {
  const res = await request.post('/sandbox/control/inbound', { data: { from, name, type: 'text', text }, headers: await auth(request) });
  expect(res.status()).toBe(200);
}

/** A 2×2 green PNG: real image bytes, which the server and the sandbox check uploads against. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQvZwGRAwQCgAlUgV5mt52mgAAAABJRU5ErkJggg==',
  'base64',
);

/** A simulated customer sends a picture with a caption: uploaded to the sandbox, then posted as the signed webhook. */
export async function customerSendsImage(request: APIRequestContext, from: string, name: string, caption: string): Promise<void> {
  const headers = await auth(request);
  const upload = await request.post('/sandbox/control/media', {
    headers,
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: tinyPng } },
  });
  expect(upload.status()).toBe(200);
  const { id } = await upload.json();
  const res = await request.post('/sandbox/control/inbound', { data: { from, name, type: 'image', mediaId: id, caption }, headers });
  expect(res.status()).toBe(200);
}

/** Makes the sandbox answer the next send with a Graph error, as Meta would. */
export async function failNextSend(request: APIRequestContext, code: number): Promise<void> {
  const res = await request.post('/sandbox/control/fail-next', { data: { code, count: 1 }, headers: await auth(request) });
  expect(res.status()).toBe(200);
}

/** Posts a webhook body signed with the app secret, as Meta does. */
export async function postSignedWebhook(request: APIRequestContext, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', E2E_WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const res = await request.post('/api/webhooks/whatsapp', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
  expect(res.status()).toBe(200);
}

/** A webhook delivery of one customer text message, as Meta sends it; `timestamp` is Unix seconds as a string. */
export function customerMessageWebhook(input: { from: string; name: string; text: string; timestamp: string }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550100001', phone_number_id: E2E_PHONE_NUMBER_ID },
              contacts: [{ profile: { name: input.name }, wa_id: input.from }],
              messages: [
                {
                  from: input.from,
                  id: `wamid.${randomBytes(16).toString('base64url')}`,
                  timestamp: input.timestamp,
                  type: 'text',
                  text: { body: input.text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** Posts a webhook signed with the app secret, as Meta does: here, a customer message written `hoursAgo`. */
export async function signedCustomerMessage(
  request: APIRequestContext,
  input: { from: string; name: string; text: string; hoursAgo: number },
): Promise<void> {
  const timestamp = String(Math.floor((Date.now() - input.hoursAgo * 3_600_000) / 1000));
  await postSignedWebhook(request, customerMessageWebhook({ ...input, timestamp }));
}

/** Resolves once the page's socket.io connection is accepted (its "40" connect packet): live events flow from then on. */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}
