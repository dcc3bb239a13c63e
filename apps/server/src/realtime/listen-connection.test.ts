import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../test/test-database.ts';
import type { RealtimeEmit } from './realtime.ts';
import { adminSocket, HEARTBEAT, type Server, sleep, startServer } from './test/realtime-servers.ts';

let databaseUrl: string;
let one: Server;
let two: Server;
const errors: Error[] = [];
beforeAll(async () => {
  databaseUrl = await createMigratedTestDatabase();
  one = await startServer(databaseUrl, (err) => errors.push(err));
  two = await startServer(databaseUrl, (err) => errors.push(err));
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

it('reports the loss of its LISTEN connection instead of crashing, and listens again', async () => {
  const socket = await adminSocket(one);
  try {
    await sleep(HEARTBEAT.heartbeatTimeout * 2);
    // As a database shutting down or an administrator would: every LISTEN connection is cut.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const cut = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    );
    await admin.end();
    expect(cut.rowCount).toBe(2);
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(2);
    expect(errors[0]?.message).toMatch(/terminat/i);

    // The adapter connects again (within about 3 s) and server two's events reach server one's sockets again.
    const received: number[] = [];
    socket.on('conversation_read', (payload: { n: number }) => received.push(payload.n));
    const event = { event: 'conversation_read', payload: { n: 7 } } as unknown as RealtimeEmit;
    await expect
      .poll(
        () => {
          two.realtime.toEveryoneAll([event]);
          return received.length > 0;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
  } finally {
    socket.close();
  }
});
