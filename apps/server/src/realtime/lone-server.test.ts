import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@wac/contract/auth';
import pg from 'pg';
import { MessageType } from 'socket.io-adapter';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../test/test-database.ts';
import { createRealtime, type Realtime, type RealtimeEmit } from './realtime.ts';

// Short heartbeats, so that a server's first `heartbeatTimeout` (when it publishes everything) passes quickly.
const HEARTBEAT = { heartbeatInterval: 200, heartbeatTimeout: 400 };
const admin = { id: 1, username: 'admin', role: 'admin' } as User;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  realtime: Realtime;
  http: http.Server;
  close: () => Promise<void>;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const server = http.createServer();
  const realtime = createRealtime(
    server,
    async () => ({ user: admin, sessionId: 1 }),
    databaseUrl,
    () => {},
    HEARTBEAT,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    realtime,
    http: server,
    close: async () => {
      await realtime.close();
      server.close();
    },
  };
}

async function adminSocket(server: Server): Promise<Socket> {
  const { port } = server.http.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth: { token: 't' } });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

/** Everything the servers publish through PostgreSQL, by message type. */
async function watchNotifications(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const types: number[] = [];
  client.on('notification', (msg) => types.push((JSON.parse(msg.payload ?? '{}') as { type: number }).type));
  await client.query('LISTEN "socket.io#/"');
  return { types, close: () => client.end() };
}

const event = (n: number): RealtimeEmit => ({ event: 'conversation_read', payload: { n } }) as unknown as RealtimeEmit;

let databaseUrl: string;
let watch: Awaited<ReturnType<typeof watchNotifications>>;
beforeAll(async () => {
  databaseUrl = await createMigratedTestDatabase();
  watch = await watchNotifications(databaseUrl);
});
afterAll(() => watch.close());

describe('a server alone', () => {
  let one: Server;
  beforeAll(async () => {
    one = await startServer(databaseUrl);
  });
  afterAll(() => one.close());

  it('publishes events for other servers only while it may not have heard of them, and keeps saying it is alive', async () => {
    const socket = await adminSocket(one);
    try {
      const received: number[] = [];
      socket.on('conversation_read', (payload: { n: number }) => received.push(payload.n));
      one.realtime.toEveryoneAll([event(1)]);
      await expect.poll(() => watch.types.filter((type) => type === MessageType.SERVER_SIDE_EMIT).length).toBe(1);

      await sleep(HEARTBEAT.heartbeatTimeout + 100);
      watch.types.length = 0;
      // Busy for three heartbeat intervals: events to every socket and to a room, none published.
      for (let n = 2; n < 14; n++) {
        one.realtime.toEveryoneAll([event(n)]);
        one.realtime.toAdmins('conversation_read', { n } as never);
        await sleep(50);
      }
      expect(watch.types).not.toContain(MessageType.SERVER_SIDE_EMIT);
      expect(watch.types).not.toContain(MessageType.BROADCAST);
      expect(watch.types.filter((type) => type === MessageType.HEARTBEAT).length).toBeGreaterThanOrEqual(2);
      // Its own sockets get every event all the same, the room's at once.
      await expect.poll(() => received.length).toBe(1 + 12 * 2);
    } finally {
      socket.close();
    }
  });

  it('publishes again as soon as another server starts, which then gets its events', async () => {
    const two = await startServer(databaseUrl);
    try {
      const socket = await adminSocket(two);
      // Well past both servers' first heartbeatTimeout: from here on, each publishes because it knows of the other.
      await sleep(HEARTBEAT.heartbeatTimeout * 2);
      const received: number[] = [];
      socket.on('conversation_read', (payload: { n: number }) => received.push(payload.n));
      one.realtime.toEveryoneAll([event(100)]);
      one.realtime.toAdmins('conversation_read', { n: 101 } as never);
      await expect.poll(() => [...received].sort()).toEqual([100, 101]);
      socket.close();
    } finally {
      await two.close();
    }
  });
});
