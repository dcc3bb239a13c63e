import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CloudApiError, createCloudApiClient } from './cloud-api-client.ts';

// A Graph imitation of a few lines: answers sends to one number, says nothing to another, refuses a third.
let server: http.Server;
let baseUrl: string;
let connections = 0;
let mediaLookups = 0;
const silent: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url?.includes('/silent/')) return void silent.push(res);
      if (req.method === 'GET') {
        mediaLookups++;
        res.writeHead(500, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { code: 1, message: 'An unknown error occurred' } }));
      }
      if (req.url?.includes('/refuses/')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { code: 131047, message: 'Re-engagement message' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const sent = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: { body: string } };
      const ok = req.headers.authorization === 'Bearer token';
      res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${ok ? sent.text.body : 'unauthorized'}` }] }));
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of silent) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const keptAlive = { keptAlive: true };
const client = (phoneNumberId: string) =>
  createCloudApiClient({
    baseUrl,
    version: 'v21.0',
    accessToken: 'token',
    phoneNumberId,
    timeoutMs: 300,
    retry: { attempts: 1 },
  });

it('sends over kept-alive connections', async () => {
  const sender = client('answers');
  const before = connections;
  for (let k = 0; k < 5; k++) expect((await sender.sendText('+15550001', `hello${k}`, false, keptAlive)).wamid).toBe(`wamid.hello${k}`);
  // Past the time limit of the sends above, their timers are gone: the kept connection still serves the next one.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect((await sender.sendText('+15550001', 'later', false, keptAlive)).wamid).toBe('wamid.later');
  expect(connections - before).toBe(1);
});

it('gives up on a send that gets no answer once its time is up, and reads a refusal as Meta error', async () => {
  const started = performance.now();
  await expect(client('silent').sendText('+15550001', 'hello', false, keptAlive)).rejects.toThrow(
    'No answer from the Graph API within 300 ms',
  );
  const waited = performance.now() - started;
  expect(waited).toBeGreaterThanOrEqual(290);
  expect(waited).toBeLessThan(2_000);
  expect(silent).toHaveLength(1);

  const refused = await client('refuses')
    .sendText('+15550001', 'hello', false, keptAlive)
    .catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(CloudApiError);
  expect((refused as CloudApiError).code).toBe(131047);
});

it('tries a call once when asked, else as often as its retry policy says, on the same client', async () => {
  const graph = createCloudApiClient({
    baseUrl,
    version: 'v21.0',
    accessToken: 'token',
    phoneNumberId: 'answers',
    retry: { sleep: async () => {} },
  });
  mediaLookups = 0;
  await expect(graph.getMediaUrl('media-1', { attempts: 1 })).rejects.toBeInstanceOf(CloudApiError);
  expect(mediaLookups).toBe(1);
  await expect(graph.getMediaUrl('media-1')).rejects.toBeInstanceOf(CloudApiError);
  expect(mediaLookups).toBe(5);
  // Its sends go over fetch unless asked for the kept-alive connections.
  expect((await graph.sendText('+15550001', 'fetched')).wamid).toBe('wamid.fetched');
  expect((await graph.sendText('+15550001', 'kept', false, keptAlive)).wamid).toBe('wamid.kept');
});
