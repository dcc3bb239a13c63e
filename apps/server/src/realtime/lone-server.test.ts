import { MessageType } from 'socket.io-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../test/test-database.ts';
import type { RealtimeEmit } from './realtime.ts';
import { adminSocket, HEARTBEAT, type Server, sleep, startServer, watchNotifications } from './test/realtime-servers.ts';

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
