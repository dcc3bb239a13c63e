import type { AddressInfo } from 'node:net';
import type { Activity } from '@wac/contract/activities';
import { describeActivity } from '@wac/contract/activity-text';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let baseUrl: string;
let adminToken: string;
let admin2: SeededUser;
let amy: SeededUser;
let ben: SeededUser;
const opened: Socket[] = [];

const EVENTS = ['new_activity', 'new_notification', 'all_activities_read'] as const;
type Received = { event: (typeof EVENTS)[number]; payload: { id?: number; type?: string; userId?: number | null } };

interface Listener {
  socket: Socket;
  received: Received[];
  /** Resolves once an event matching the predicate has arrived (or already had). */
  waitFor: (predicate: (r: Received) => boolean, timeoutMs?: number) => Promise<void>;
}

function open(token: unknown, options: { transports?: string[] } = {}): Socket {
  const socket = connect(baseUrl, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  opened.push(socket);
  return socket;
}

async function listen(token: string): Promise<Listener> {
  const socket = open(token);
  const received: Received[] = [];
  for (const event of EVENTS) socket.on(event, (payload) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const waitFor = async (predicate: (r: Received) => boolean, timeoutMs = 5000) => {
    const start = Date.now();
    while (!received.some(predicate)) {
      if (Date.now() - start > timeoutMs) throw new Error('event did not arrive');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { socket, received, waitFor };
}

function connectError(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

beforeAll(async () => {
  t = await createTestApp({ domains: ['activities'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminToken = await t.adminToken();
  admin2 = await addUser(t, { username: 'second-admin', role: 'admin' });
  amy = await addUser(t, { username: 'amy' });
  ben = await addUser(t, { username: 'ben' });
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

describe('connecting', () => {
  it('refuses a socket without a token, with an empty one and with a bad one', async () => {
    for (const token of [undefined, '', 'not-a-real-token', 42]) {
      const err = await connectError(open(token));
      expect(err.message).toBe('Authentication required');
    }
  });

  it('refuses a token that was signed out', async () => {
    const token = await t.login(amy.username, amy.password);
    await t.request({ method: 'POST', url: '/api/logout', token });
    expect((await connectError(open(token))).message).toBe('Authentication required');
  });

  it('connects with a valid token over websocket', async () => {
    const { socket } = await listen(amy.token);
    expect(socket.connected).toBe(true);
    expect(socket.io.engine.transport.name).toBe('websocket');
  });

  it('offers no long-polling transport', async () => {
    await connectError(open(amy.token, { transports: ['polling'] }));
    const res = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
  });
});

describe('who hears what (spec 6)', () => {
  it('sends new_activity and new_notification to exactly the right users', async () => {
    const listeners = {
      admin: await listen(adminToken),
      admin2: await listen(admin2.token),
      amy: await listen(amy.token),
      ben: await listen(ben.token),
    };
    const record = async (type: string, sourceType: 'user' | 'auth' | 'system' | 'whatsapp', userId: number | null) =>
      (await t.ctx.activities.record({ type, sourceType, userId })).activity.id;

    const ids = {
      amyUser: await record('amy_user', 'user', amy.id),
      amyAuth: await record('amy_auth', 'auth', amy.id),
      amyWhatsapp: await record('amy_whatsapp', 'whatsapp', amy.id),
      amySystem: await record('amy_system', 'system', amy.id),
      benUser: await record('ben_user', 'user', ben.id),
      system: await record('system_wide', 'system', null),
      unowned: await record('unowned_whatsapp', 'whatsapp', null),
      adminUser: await record('admin_user', 'user', 1),
    };
    // Through the API as well: an agent's own activity posted by themself.
    const posted = await t.request({ method: 'POST', url: '/api/activities', token: ben.token, payload: { type: 'ben_posted' } });
    expect(posted.statusCode).toBe(201);
    const benPosted = posted.json().activity.id as number;
    // Everybody hears a system activity without owner: when it has arrived, everything before it has too.
    const sentinel = await record('sentinel', 'system', null);
    await Promise.all(Object.values(listeners).map((l) => l.waitFor((r) => r.event === 'new_notification' && r.payload.id === sentinel)));

    // Activities recorded by earlier tests may still be on their way to the new sockets: only this test's count.
    const heard = (l: Listener, event: Received['event']) =>
      l.received
        .filter((r) => r.event === event && r.payload.id !== sentinel && (r.payload.id ?? 0) >= ids.amyUser)
        .map((r) => r.payload.id)
        .sort((a = 0, b = 0) => a - b);
    const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);
    const everything = sorted(...Object.values(ids), benPosted);

    // Admins: everything, once each.
    for (const l of [listeners.admin, listeners.admin2]) {
      expect(heard(l, 'new_activity')).toEqual(everything);
      expect(heard(l, 'new_notification')).toEqual(everything);
    }
    // An agent: new_activity for their own; new_notification for their own that are not user-sourced, and for system ones.
    expect(heard(listeners.amy, 'new_activity')).toEqual(sorted(ids.amyUser, ids.amyAuth, ids.amyWhatsapp, ids.amySystem));
    expect(heard(listeners.amy, 'new_notification')).toEqual(sorted(ids.amyAuth, ids.amyWhatsapp, ids.amySystem, ids.system));
    expect(heard(listeners.ben, 'new_activity')).toEqual(sorted(ids.benUser, benPosted));
    expect(heard(listeners.ben, 'new_notification')).toEqual(sorted(ids.amySystem, ids.system));
    for (const l of Object.values(listeners)) expect(l.received.filter((r) => r.event === 'all_activities_read')).toEqual([]);

    const payload = listeners.amy.received.find((r) => r.event === 'new_activity' && r.payload.id === ids.amyAuth)?.payload;
    expect(payload).toMatchObject({ id: ids.amyAuth, type: 'amy_auth', sourceType: 'auth', userId: amy.id, read: false });
  });

  it('sends all_activities_read only to the user who marked all as read, on each of their sockets', async () => {
    const amyFirst = await listen(amy.token);
    const amySecond = await listen(await t.login(amy.username, amy.password));
    const others = [await listen(adminToken), await listen(ben.token)];
    const res = await t.request({ method: 'POST', url: '/api/activities/mark-read', token: amy.token, payload: { markAllAsRead: true } });
    expect(res.statusCode).toBe(200);
    await amyFirst.waitFor((r) => r.event === 'all_activities_read');
    await amySecond.waitFor((r) => r.event === 'all_activities_read');
    const sentinel = (await t.ctx.activities.record({ type: 'sentinel', sourceType: 'system', userId: null })).activity.id;
    await Promise.all(others.map((l) => l.waitFor((r) => r.payload.id === sentinel)));
    for (const l of others) expect(l.received.filter((r) => r.event === 'all_activities_read')).toEqual([]);
    expect(amyFirst.received.filter((r) => r.event === 'all_activities_read')).toHaveLength(1);
  });

  it('sends sign-in activities live: the agent and the admins hear of it, other agents do not', async () => {
    const adminL = await listen(adminToken);
    const amyL = await listen(amy.token);
    const benL = await listen(ben.token);
    await t.login(amy.username, amy.password);
    await adminL.waitFor((r) => r.event === 'new_notification' && r.payload.type === 'login' && r.payload.userId === amy.id);
    await amyL.waitFor((r) => r.event === 'new_notification' && r.payload.type === 'login');
    const sentinel = (await t.ctx.activities.record({ type: 'sentinel', sourceType: 'system', userId: null })).activity.id;
    await benL.waitFor((r) => r.payload.id === sentinel);
    expect(benL.received.filter((r) => r.payload.type === 'login')).toEqual([]);
  });
});

describe('notifications without bulky data', () => {
  it('pushes new_notification with only the fields its sentence reads, however large the data', async () => {
    const listener = await listen(adminToken);
    const bulky = {
      name: 'Spring import',
      details: 'from the CRM',
      rows: Array.from({ length: 5000 }, (_, i) => ({ row: i, note: 'x'.repeat(90) })),
    };
    const posted = await t.request({
      method: 'POST',
      url: '/api/activities',
      token: adminToken,
      payload: { type: 'crm_import', data: bulky },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().activity.id as number;
    await listener.waitFor((r) => r.event === 'new_notification' && r.payload.id === id);
    const notification = listener.received.find((r) => r.event === 'new_notification' && r.payload.id === id)?.payload as Activity;
    expect(JSON.stringify(notification).length).toBeLessThan(1000);
    expect(notification.data).toEqual({ name: 'Spring import', details: 'from the CRM' });
    expect(describeActivity(notification)).toBe(describeActivity(posted.json().activity));
  });
});

describe('ending sessions', () => {
  it('disconnects the socket of a session that logs out, and only that one', async () => {
    const token = await t.login(amy.username, amy.password);
    const leaving = await listen(token);
    const staying = await listen(amy.token);
    const reason = new Promise<string>((resolve) => leaving.socket.once('disconnect', resolve));
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
    expect(await reason).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 100));
    expect(staying.socket.connected).toBe(true);
  });

  it('disconnects the other sessions of a user who changes their password', async () => {
    const current = await t.login(ben.username, ben.password);
    const other = await listen(ben.token);
    const mine = await listen(current);
    const reason = new Promise<string>((resolve) => other.socket.once('disconnect', resolve));
    const res = await t.request({
      method: 'POST',
      url: '/api/change-password',
      token: current,
      payload: { currentPassword: ben.password, newPassword: 'ben-new-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(await reason).toBe('io server disconnect');
    expect(mine.socket.connected).toBe(true);
  });
});
