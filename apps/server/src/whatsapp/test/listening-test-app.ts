import { io as connect, type Socket } from 'socket.io-client';
import { freePort } from '../../../test/free-port.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/test-app.ts';
import { signPayload } from '../webhook-signature.ts';

export interface ListeningTestApp extends TestApp {
  baseUrl: string;
}

/**
 * The app (every domain, or those `options` names) on a real port, with PUBLIC_URL pointing at it, so the sandbox's
 * webhooks reach it over HTTP; on a fresh database, or on an existing one as after a restart.
 */
export async function createListeningTestApp(options: TestAppOptions = {}): Promise<ListeningTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...options, env: { PUBLIC_URL: baseUrl, ...options.env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  // The sandbox's timed webhook posts keep connections to this server open; the tests are over, so drop them rather
  // than let closing wait on them.
  const close = async () => {
    t.app.server.closeAllConnections();
    await t.close();
  };
  return { ...t, baseUrl, close };
}

/** Posts a webhook body over HTTP, signed with `secret` unless a signature is given. */
export function postWebhook(baseUrl: string, body: unknown, options: { secret?: string; signature?: string | null } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? signPayload(raw, options.secret ?? '') : options.signature;
  return fetch(`${baseUrl}/api/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body: raw,
  });
}

/** Polls until `probe` returns something truthy. */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface EventLog {
  socket: Socket;
  events: { event: string; payload: Record<string, unknown> }[];
  close: () => void;
}

/** A signed-in socket.io client that records every event it receives. */
export async function listenToEvents(baseUrl: string, token: string): Promise<EventLog> {
  const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  const events: EventLog['events'] = [];
  socket.onAny((event, payload) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events, close: () => socket.close() };
}
