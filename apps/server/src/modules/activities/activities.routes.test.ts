import { reservedActivityTypes } from '@wac/contract/activities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { inTransaction } from '../../realtime/after-commit.ts';

let t: TestApp;
let admin: string;
let amy: SeededUser;
let ben: SeededUser;

const list = (token: string, query = '') => t.request({ method: 'GET', url: `/api/activities${query}`, token });
const post = (token: string, payload: unknown, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/api/activities', token, payload: payload as object, remoteAddress });
const markRead = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/activities/mark-read', token, payload: payload as object });

interface Listed {
  id: number;
  type: string;
  sourceType: string;
  userId: number | null;
  read: boolean;
  user: { id: number; username: string } | null;
}

async function listed(token: string, query = ''): Promise<{ activities: Listed[]; total: number; unreadCount: number; types: string[] }> {
  const res = await list(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ domains: ['activities'] });
  admin = await t.adminToken();
  amy = await addUser(t, { username: 'amy' });
  ben = await addUser(t, { username: 'ben' });
  // A known set: each user's own, a system one for amy, and one without a user.
  await t.ctx.activities.record({ type: 'msg_sent', sourceType: 'whatsapp', userId: amy.id, data: { recipient: '+100' } });
  await t.ctx.activities.record({ type: 'msg_sent', sourceType: 'whatsapp', userId: ben.id, data: { recipient: '+200' } });
  await t.ctx.activities.record({ type: 'quota_warning', sourceType: 'system', userId: amy.id });
  await t.ctx.activities.record({ type: 'template_approved', sourceType: 'system', userId: null });
});
afterAll(() => t.close());

describe('GET /api/activities visibility', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/activities' })).statusCode).toBe(401);
    expect((await list('not-a-token')).statusCode).toBe(401);
  });

  it('shows an admin everything, and one user when asked', async () => {
    const { rows } = await t.ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM activities');
    const all = await listed(admin, '?limit=100');
    expect(all.total).toBe(rows[0]?.n);
    expect(all.activities).toHaveLength(Math.min(100, rows[0]?.n ?? 0));
    expect(all.activities.some((a) => a.userId === null)).toBe(true);
    expect(new Set(all.activities.map((a) => a.userId))).toEqual(new Set([amy.id, ben.id, null, ...all.activities.map((a) => a.userId)]));

    const onlyBen = await listed(admin, `?limit=100&userId=${ben.id}`);
    expect(onlyBen.activities.length).toBeGreaterThan(0);
    expect(onlyBen.activities.every((a) => a.userId === ben.id)).toBe(true);
    expect(onlyBen.activities.find((a) => a.type === 'msg_sent')?.user).toEqual({ id: ben.id, username: 'ben' });
  });

  it('shows an agent only their own, whatever userId they pass', async () => {
    for (const query of ['?limit=100', `?limit=100&userId=${ben.id}`, '?limit=100&userId=1']) {
      const feed = await listed(amy.token, query);
      expect(feed.activities.length).toBeGreaterThan(0);
      expect(feed.activities.every((a) => a.userId === amy.id)).toBe(true);
      const { rows } = await t.ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM activities WHERE user_id = $1', [
        amy.id,
      ]);
      expect(feed.total).toBe(rows[0]?.n);
    }
  });

  it('does not tell an agent which kinds of activity other users have', async () => {
    const feed = await listed(amy.token);
    expect(feed.types).not.toContain('template_approved');
    expect(feed.types).toContain('quota_warning');
    expect((await listed(admin)).types).toContain('template_approved');
  });

  it('lists every distinct type to an admin, in order', async () => {
    const { rows } = await t.ctx.database.pool.query<{ type: string }>('SELECT DISTINCT type FROM activities ORDER BY type');
    expect((await listed(admin)).types).toEqual(rows.map((r) => r.type));
  });
});

describe('GET /api/activities filters and paging', () => {
  it('filters by source (method) and by type', async () => {
    const system = await listed(admin, '?method=system&limit=100');
    expect(system.activities.map((a) => a.type).sort()).toEqual(['quota_warning', 'template_approved']);
    const sent = await listed(admin, '?type=msg_sent&limit=100');
    expect(sent.activities).toHaveLength(2);
    expect(sent.activities.every((a) => a.sourceType === 'whatsapp')).toBe(true);
    const amysWhatsapp = await listed(amy.token, '?method=whatsapp');
    expect(amysWhatsapp.activities.map((a) => a.type)).toEqual(['msg_sent']);
  });

  it('pages newest first with limit and page', async () => {
    const all = await listed(admin, '?limit=100');
    const first = await listed(admin, '?limit=2&page=1');
    const second = await listed(admin, '?limit=2&page=2');
    expect(first.activities.map((a) => a.id)).toEqual(all.activities.slice(0, 2).map((a) => a.id));
    expect(second.activities.map((a) => a.id)).toEqual(all.activities.slice(2, 4).map((a) => a.id));
    expect(first.total).toBe(all.total);
    const ids = all.activities.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const beyond = await listed(admin, '?limit=10&page=999');
    expect(beyond.activities).toEqual([]);
  });

  it('defaults to the initial feed size of 10', async () => {
    for (let i = 0; i < 12; i++) await t.ctx.activities.record({ type: 'bulk_item', sourceType: 'system', userId: null });
    expect((await listed(admin)).activities).toHaveLength(10);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['method=email', 'method'],
    ['unreadOnly=maybe', 'unreadOnly'],
    ['userId=abc', 'userId'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const res = await list(admin, `?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toEqual(expect.any(String));
    expect(body.error).toContain(field);
  });
});

describe('POST /api/activities', () => {
  it('records an activity of the caller by default', async () => {
    const res = await post(amy.token, { type: 'profile_viewed', data: { details: 'opened the profile' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().activity).toMatchObject({ type: 'profile_viewed', sourceType: 'user', userId: amy.id, read: false });
    expect((await listed(amy.token, '?type=profile_viewed')).activities).toHaveLength(1);
  });

  it('keeps a given timestamp', async () => {
    const res = await post(admin, { type: 'imported', sourceType: 'system', timestamp: '2024-01-02T03:04:05.000Z' });
    expect(res.statusCode).toBe(201);
    expect(res.json().activity.createdAt).toBe('2024-01-02T03:04:05.000Z');
  });

  it('lets an admin record for another user, and forbids an agent to', async () => {
    const byAdmin = await post(admin, { type: 'note_added', sourceType: 'user', userId: ben.id });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().activity.userId).toBe(ben.id);

    const byAgent = await post(amy.token, { type: 'note_added', userId: ben.id });
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    const ownId = await post(amy.token, { type: 'note_added', userId: amy.id });
    expect(ownId.statusCode).toBe(201);
  });

  it('forbids an agent a system activity', async () => {
    const res = await post(amy.token, { type: 'maintenance', sourceType: 'system' });
    expect(res.statusCode).toBe(403);
    expect((await listed(admin, '?type=maintenance')).total).toBe(0);
  });

  it('answers 404 for an unknown user id and writes nothing', async () => {
    const res = await post(admin, { type: 'orphan', userId: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await listed(admin, '?type=orphan')).total).toBe(0);
  });

  it.each([
    [{}, 'type'],
    [{ type: '' }, 'type'],
    [{ type: 'has spaces' }, 'type'],
    [{ type: 'x'.repeat(101) }, 'type'],
    [{ type: 'ok', sourceType: 'email' }, 'sourceType'],
    [{ type: 'ok', userId: 'two' }, 'userId'],
    [{ type: 'ok', timestamp: 'yesterday' }, 'timestamp'],
    [{ type: 'ok', data: 'text' }, 'data'],
    [{ type: 'ok', data: { details: 'x'.repeat(2001) } }, 'data'],
  ])('refuses %j with 400', async (payload, field) => {
    const res = await post(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().error).toContain(field);
  });
});

describe("POST /api/activities: a non-admin's data", () => {
  const amysCount = async () =>
    (await t.ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM activities WHERE user_id = $1', [amy.id])).rows[0]?.n;

  it('refuses a 100 KB blob with a 400 naming the field, and stores nothing', async () => {
    const before = await amysCount();
    const res = await post(amy.token, { type: 'note_added', data: { blob: 'x'.repeat(100_000) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('data.blob') });
    expect(await amysCount()).toBe(before);
  });

  it.each([
    [{ details: { nested: true } }, 'data.details'],
    [{ name: 42 }, 'data.name'],
    [{ items: [1, 2, 3] }, 'data.items'],
  ])('refuses %j, outside spec 3’s text fields', async (data, field) => {
    const res = await post(amy.token, { type: 'note_added', data });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
  });

  it('refuses data over 4 KB as JSON even within each field’s length', async () => {
    const quotes = '"'.repeat(2000);
    const res = await post(amy.token, { type: 'note_added', data: { details: quotes, name: 'n'.repeat(200) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('data must be at most 4096 bytes as JSON (body data)');
  });

  it('keeps spec 3’s fields at their longest', async () => {
    const full = {
      status: 's'.repeat(200),
      recipient: 'r'.repeat(200),
      name: 'n'.repeat(200),
      action: 'a'.repeat(200),
      details: 'd'.repeat(2000),
    };
    const res = await post(amy.token, { type: 'note_added', data: full });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().activity.data).toEqual({ ...full, username: 'amy' });
  });

  it('still lets an admin import data of any shape', async () => {
    const res = await post(admin, { type: 'imported_note', data: { items: [1, 2, 3], source: { system: 'crm' } } });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/activities per-user rate limit', () => {
  it('answers 429 with Retry-After past the limit, for that user only', async () => {
    const limited = await createTestApp({ domains: ['activities'], env: { RATE_LIMIT_ACTIVITIES: '3' } });
    try {
      const carol = await addUser(limited, { username: 'carol' });
      const dan = await addUser(limited, { username: 'dan' });
      const postAs = (token: string) => limited.request({ method: 'POST', url: '/api/activities', token, payload: { type: 'note_added' } });
      for (let i = 0; i < 3; i++) expect((await postAs(carol.token)).statusCode).toBe(201);
      const refused = await postAs(carol.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await postAs(dan.token)).statusCode).toBe(201);
      const { rows } = await limited.ctx.database.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM activities WHERE user_id = $1 AND type = 'note_added'",
        [carol.id],
      );
      expect(rows[0]?.n).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('recording several activities at once', () => {
  it('writes them in one go in the given order, with their users, and a rolled back transaction writes none', async () => {
    const at = new Date('2025-03-04T05:06:07.000Z');
    const written = await inTransaction(t.ctx.database.db, (tx) =>
      t.ctx.activities.recordMany(
        [
          { type: 'batch_one', sourceType: 'system', userId: null },
          { type: 'batch_two', sourceType: 'user', userId: amy.id, createdAt: at },
          { type: 'batch_three', sourceType: 'user', userId: ben.id },
        ],
        tx,
      ),
    );
    expect(written.map((a) => [a.type, a.user?.username ?? null])).toEqual([
      ['batch_one', null],
      ['batch_two', 'amy'],
      ['batch_three', 'ben'],
    ]);
    expect(written[1]?.createdAt).toBe(at.toISOString());
    expect(written.map((a) => a.id)).toEqual([...written.map((a) => a.id)].sort((a, b) => a - b));
    const feed = await listed(admin, '?limit=100');
    expect(feed.activities.filter((a) => a.type.startsWith('batch_')).map((a) => [a.id, a.user?.username ?? null])).toEqual(
      [...written].reverse().map((a) => [a.id, a.user?.username ?? null]),
    );

    const rolledBack = inTransaction(t.ctx.database.db, async (tx) => {
      await t.ctx.activities.recordMany([{ type: 'batch_undone', sourceType: 'system' }], tx);
      throw new Error('undo');
    });
    await expect(rolledBack).rejects.toThrow('undo');
    expect((await listed(admin, '?type=batch_undone')).total).toBe(0);
    expect(await t.ctx.activities.recordMany([])).toEqual([]);
  });
});

describe('POST /api/activities cannot be forged', () => {
  const forged = { ip: '203.0.113.66', timestamp: '2001-02-03T04:05:06.000Z', data: { username: 'admin', details: 'hello' } };

  async function stored(id: number) {
    const { rows } = await t.ctx.database.pool.query<{ user_id: number; ip: string; created_at: Date; data: Record<string, unknown> }>(
      'SELECT user_id, ip, created_at, data FROM activities WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  it("stores an agent's activity with the server's actor, address, time and username", async () => {
    const res = await post(amy.token, { type: 'note_added', ...forged }, '198.51.100.7');
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().activity.id);
    expect(row).toMatchObject({ user_id: amy.id, ip: '198.51.100.7', data: { username: 'amy', details: 'hello' } });
    expect(Math.abs((row?.created_at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(res.json().activity).toMatchObject({ userId: amy.id, user: { id: amy.id, username: 'amy' }, ip: '198.51.100.7' });
  });

  it("refuses an agent another user's name as actor", async () => {
    const res = await post(amy.token, { type: 'note_added', userId: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You can only record activities of your own');
  });

  it.each(['auth', 'system', 'whatsapp'])('refuses an agent the %s source and writes nothing', async (sourceType) => {
    const res = await post(amy.token, { type: `forged_${sourceType}`, sourceType });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', error: expect.stringContaining("sourceType 'user'") });
    expect((await listed(admin, `?type=forged_${sourceType}`)).total).toBe(0);
  });

  it.each([...reservedActivityTypes, 'LOGIN', 'User-Deleted', 'userDeleted'])('refuses an agent the server type %s', async (type) => {
    const amysCount = async () =>
      (await t.ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM activities WHERE user_id = $1', [amy.id])).rows[0]?.n;
    const before = await amysCount();
    const res = await post(amy.token, { type, sourceType: 'user' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', error: `Only the server records "${type}" activities` });
    expect(await amysCount()).toBe(before);
  });

  it('lets an admin record any type and source for another user, keeping the given address and time', async () => {
    const res = await post(admin, { type: 'login', sourceType: 'auth', userId: ben.id, ...forged }, '198.51.100.8');
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().activity.id);
    expect(row).toMatchObject({ user_id: ben.id, ip: forged.ip, data: forged.data });
    expect(row?.created_at.toISOString()).toBe(forged.timestamp);
    // The list names the stored user, whatever data.username says.
    expect(res.json().activity.user).toEqual({ id: ben.id, username: 'ben' });
  });

  it("stamps an admin's activity with the request's address and the current time when none is given", async () => {
    const res = await post(admin, { type: 'note_added' }, '198.51.100.9');
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().activity.id);
    expect(row?.ip).toBe('198.51.100.9');
    expect(Math.abs((row?.created_at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

describe('POST /api/activities/mark-read', () => {
  it('marks the given ids read for the caller only, counting only ids they can see', async () => {
    const amyFeed = await listed(amy.token, '?limit=100');
    const amyUnread = amyFeed.activities.filter((a) => !a.read);
    expect(amyUnread.length).toBeGreaterThanOrEqual(2);
    const bensOwn = (await listed(ben.token, '?limit=100')).activities[0]?.id as number;
    const target = amyUnread.slice(0, 2).map((a) => a.id);

    const res = await markRead(amy.token, { ids: [...target, bensOwn] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });

    const after = await listed(amy.token, '?limit=100');
    expect(after.activities.filter((a) => target.includes(a.id)).every((a) => a.read)).toBe(true);
    expect(after.unreadCount).toBe(amyFeed.unreadCount - 2);
    // Ben's activity stays unread for Ben; Amy's reads do not show as read for the admin.
    expect((await listed(ben.token, '?limit=100')).activities.find((a) => a.id === bensOwn)?.read).toBe(false);
    const adminView = await listed(admin, `?limit=100&userId=${amy.id}`);
    expect(adminView.activities.filter((a) => target.includes(a.id)).every((a) => !a.read)).toBe(true);

    // Marking the same ids again changes nothing.
    expect((await markRead(amy.token, { ids: target })).json()).toEqual({ updated: 0 });
  });

  it('marks everything read with markAllAsRead and lists unread only on request', async () => {
    const before = await listed(amy.token, '?limit=100&unreadOnly=true');
    expect(before.activities.length).toBeGreaterThan(0);
    expect(before.activities.every((a) => !a.read)).toBe(true);
    expect(before.total).toBe(before.unreadCount);

    const res = await markRead(amy.token, { markAllAsRead: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: before.unreadCount });

    const after = await listed(amy.token, '?limit=100');
    expect(after.unreadCount).toBe(0);
    expect(after.activities.every((a) => a.read)).toBe(true);
    expect((await listed(amy.token, '?unreadOnly=true')).activities).toEqual([]);
    expect((await listed(ben.token)).unreadCount).toBeGreaterThan(0);
    expect((await listed(admin)).unreadCount).toBeGreaterThan(0);

    // New activities after "mark all" are unread again.
    await t.ctx.activities.record({ type: 'later', sourceType: 'system', userId: amy.id });
    const later = await listed(amy.token);
    expect(later.unreadCount).toBe(1);
    expect(later.activities[0]).toMatchObject({ type: 'later', read: false });
  });

  it('lets an admin mark any activity read for themselves', async () => {
    const someone = (await listed(admin, `?userId=${ben.id}`)).activities[0]?.id as number;
    const res = await markRead(admin, { ids: [someone] });
    expect(res.json()).toEqual({ updated: 1 });
    expect((await listed(ben.token, '?limit=100')).activities.find((a) => a.id === someone)?.read).toBe(false);
  });

  it.each([
    [{}],
    [{ ids: [] }],
    [{ ids: 'all' }],
    [{ ids: [0] }],
    [{ ids: [1.5] }],
    [{ markAllAsRead: 'yes' }],
    [{ markAllAsRead: false }],
  ])('refuses %j with 400', async (payload) => {
    const res = await markRead(amy.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });
  });

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'POST', url: '/api/activities/mark-read', payload: { markAllAsRead: true } })).statusCode).toBe(401);
  });
});
