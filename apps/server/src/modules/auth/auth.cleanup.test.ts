import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashToken } from '../../lib/secrets.ts';
import { cleanUpSignIns } from './auth.jobs.ts';
import { createAuthRepository } from './auth.repository.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ domains: ['auth'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function connectedSocket(token: string) {
  const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('the sign-in cleanup', () => {
  it('ends expired sessions and closes their sockets, keeping live ones', async () => {
    const amy = await addUser(t, { username: 'amy' });
    const expiredToken = await t.login('amy', amy.password);
    const expiring = await connectedSocket(expiredToken);
    const live = await connectedSocket(amy.token);
    const closed = new Promise<string>((resolve) => expiring.once('disconnect', (reason) => resolve(reason)));
    await t.ctx.database.pool.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      hashToken(expiredToken),
    ]);

    const removed = await cleanUpSignIns(createAuthRepository(t.ctx.database.db), t.ctx.realtime);

    expect(removed.sessions).toBe(1);
    expect(await closed).toBe('io server disconnect');
    const left = await t.ctx.database.pool.query('SELECT token_hash FROM sessions WHERE token_hash = ANY($1)', [
      [hashToken(expiredToken), hashToken(amy.token)],
    ]);
    expect(left.rows).toEqual([{ token_hash: hashToken(amy.token) }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(live.connected).toBe(true);
    live.disconnect();
  });

  it('forgets sign-in attempts whose 15-minute window is over', async () => {
    await t.ctx.database.pool.query(
      `INSERT INTO sign_in_attempts (username, ip, window_started_at, attempts) VALUES
       ('old', '10.0.0.1', now() - interval '16 minutes', 4), ('recent', '10.0.0.1', now() - interval '14 minutes', 4)`,
    );
    const removed = await cleanUpSignIns(createAuthRepository(t.ctx.database.db), t.ctx.realtime);
    expect(removed.attempts).toBe(1);
    const left = await t.ctx.database.pool.query('SELECT username FROM sign_in_attempts');
    expect(left.rows).toEqual([{ username: 'recent' }]);
  });
});
