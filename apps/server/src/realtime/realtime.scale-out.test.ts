import type { AddressInfo } from 'node:net';
import type { ConversationReadEvent } from '@wac/contract/whatsapp-events';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../test/test-app.ts';
import { type BuiltApp, buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { connectDatabase, type Database } from '../db/database.ts';
import type { RealtimeEmit } from './realtime.ts';

let a: TestApp;
let b: BuiltApp;
let bDatabase: Database;

beforeAll(async () => {
  a = await createTestApp();
  // A second server process sharing the same database, as behind a load balancer.
  bDatabase = connectDatabase(a.databaseUrl);
  b = await buildApp(loadConfig({}, { DATA_DIR: a.dataDir, DATABASE_URL: a.databaseUrl, LOG_LEVEL: 'silent' }), bDatabase);
  await b.app.ready();
  await a.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await b.app.close();
  await bDatabase.close();
  await a.close();
});

/** An admin's socket connected to server a. */
async function adminSocketOnA() {
  const token = await a.login(ADMIN.username, ADMIN.password);
  const { port } = a.app.server.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

it('delivers an activity recorded on one server to a socket connected to another', async () => {
  const socket = await adminSocketOnA();
  try {
    const received = new Promise<{ type: string }>((resolve) => socket.on('new_activity', resolve));
    // Give the adapter's LISTEN a moment to be in place on both servers.
    await new Promise((r) => setTimeout(r, 300));
    await b.services.activities.record({ type: 'backup_finished', sourceType: 'system', data: {} });
    await expect(received).resolves.toMatchObject({ type: 'backup_finished' });
  } finally {
    socket.close();
  }
});

it('delivers a batch of events sent on one server, in order and before what is sent next, to a socket connected to another', async () => {
  const socket = await adminSocketOnA();
  try {
    const received: string[] = [];
    // Only this test's events: a late notification of the test before (its activity) may still arrive.
    const sent = new Set(['message_status', 'whatsapp_message_received', 'conversation_read']);
    socket.onAny((event: string, payload: { n: number }) => {
      if (sent.has(event)) received.push(`${event}:${payload.n}`);
    });
    await new Promise((r) => setTimeout(r, 300));
    // Far more than one notification holds, then a small event that must not overtake it.
    const filler = 'x'.repeat(1000);
    // Synthetic payloads (numbered and padded): the test is about the order across servers, not their shape.
    const batch = Array.from({ length: 200 }, (_, n) => ({
      event: n % 2 ? 'message_status' : 'whatsapp_message_received',
      payload: { n, filler },
    }));
    b.services.realtime.toEveryoneAll(batch as unknown as RealtimeEmit[]);
    b.services.realtime.toEveryone('conversation_read', { n: 200 } as unknown as ConversationReadEvent);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(201);
    expect(received.slice(0, 3)).toEqual(['whatsapp_message_received:0', 'message_status:1', 'whatsapp_message_received:2']);
    expect(received.at(-1)).toBe('conversation_read:200');
    expect(received.map((r) => Number(r.split(':')[1]))).toEqual(Array.from({ length: 201 }, (_, n) => n));
  } finally {
    socket.close();
  }
});
