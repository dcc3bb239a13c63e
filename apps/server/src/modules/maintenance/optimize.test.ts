import { describeActivity } from '@wac/contract/activity-text';
import { collectionNames, collectionTables } from '@wac/contract/maintenance';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { OPTIMIZE_LOCK_ID } from './optimize.repository.ts';

let t: TestApp;
let admin: string;
let agent: string;

beforeAll(async () => {
  t = await createTestApp({ domains: ['maintenance'] });
  admin = await t.adminToken();
  agent = (await t.createUser({ username: 'maintenance_agent' })).token;
  await t.ctx.database.pool.query(
    "INSERT INTO contacts (phone, wa_id, name) SELECT (447700900000 + i)::text, (447700900000 + i)::text, 'Customer ' || i FROM generate_series(1, 40) i",
  );
});
afterAll(() => t.close());

const optimize = (payload?: unknown, token = admin) =>
  t.request({ method: 'POST', url: '/api/database/optimize', token, ...(payload === undefined ? {} : { payload: payload as object }) });

const allTables = Object.values(collectionTables).flat();

/** Each index's oid by name: REINDEX CONCURRENTLY builds a new index under the old name, so the oid changes. */
async function indexOids(tables: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await t.ctx.database.pool.query<{ name: string; oid: number }>(
    `SELECT indexrelid::regclass::text AS name, indexrelid::int AS oid FROM pg_index WHERE indrelid = ANY(SELECT to_regclass(n) FROM unnest($1::text[]) n)`,
    [tables],
  );
  return new Map(rows.map((row) => [row.name, row.oid]));
}

async function analyseCount(table: string): Promise<number> {
  const { rows } = await t.ctx.database.pool.query('SELECT analyze_count::int AS n FROM pg_stat_user_tables WHERE relname = $1', [table]);
  return rows[0].n;
}

/** Waits until another session's `statement` waits for a lock. */
async function waitUntilWaiting(statement: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const { rowCount } = await t.ctx.database.pool.query("SELECT 1 FROM pg_stat_activity WHERE query = $1 AND wait_event_type = 'Lock'", [
      statement,
    ]);
    if (rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${statement} never waited`);
}

async function optimizeActivities() {
  const { rows } = await t.ctx.database.pool.query(
    "SELECT user_id, source_type, ip, data FROM activities WHERE type = 'database_optimized' ORDER BY id",
  );
  return rows;
}

describe('the collections', () => {
  it('name every table of ours, each once', async () => {
    const { rows } = await t.ctx.database.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    expect(new Set(allTables).size).toBe(allTables.length);
    // A new table joins the collection its data belongs to (or `other`) in packages/contract/src/maintenance.ts.
    expect([...allTables].sort()).toEqual(rows.map((row) => row.tablename).sort());
  });
});

describe('who may use them', () => {
  it('needs a signed-in admin: an agent gets 403 and nothing runs', async () => {
    const before = await indexOids(['contacts']);
    for (const [method, url] of [
      ['GET', '/api/database/sizes'],
      ['POST', '/api/database/optimize'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
      const asAgent = await t.request({
        method,
        url,
        token: agent,
        payload: method === 'POST' ? { collections: ['contacts'] } : undefined,
      });
      expect(asAgent.statusCode).toBe(403);
      expect(asAgent.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    expect(await indexOids(['contacts'])).toEqual(before);
    expect(await optimizeActivities()).toEqual([]);
  });
});

describe('GET /api/database/sizes', () => {
  it('answers every collection with its tables, rows and bytes, and their sums', async () => {
    const res = await t.request({ method: 'GET', url: '/api/database/sizes', token: admin });
    expect(res.statusCode).toBe(200);
    const sizes = res.json();
    expect(sizes.collections.map((c: { collection: string }) => c.collection)).toEqual(collectionNames);
    const contacts = sizes.collections.find((c: { collection: string }) => c.collection === 'contacts');
    expect(contacts.tables).toEqual([
      {
        table: 'contacts',
        rows: expect.any(Number),
        tableBytes: expect.any(Number),
        indexBytes: expect.any(Number),
        totalBytes: expect.any(Number),
      },
    ]);
    expect(contacts.indexBytes).toBeGreaterThan(0);
    expect(contacts.totalBytes).toBeGreaterThanOrEqual(contacts.tableBytes + contacts.indexBytes);
    const summed = sizes.collections.reduce((n: number, c: { totalBytes: number }) => n + c.totalBytes, 0);
    expect(sizes.total.totalBytes).toBe(summed);
  });
});

describe('POST /api/database/optimize', () => {
  it('rebuilds and analyses the chosen collections only, timing each step, with sizes before and after and an activity', async () => {
    const chosen = ['contacts', 'webhookEvents'];
    const mine = ['contacts', 'webhook_events'];
    const oidsBefore = await indexOids(mine);
    const othersBefore = await indexOids(['messages', 'users']);
    const res = await optimize({ collections: ['webhookEvents', 'contacts', 'contacts'] });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ operations: ['reIndex', 'stats'], collections: chosen, failedSteps: 0 });
    expect(result.steps.map((s: { table: string; operation: string }) => `${s.operation} ${s.table}`)).toEqual([
      'reIndex contacts',
      'stats contacts',
      'reIndex webhook_events',
      'stats webhook_events',
    ]);
    expect(result.steps[0]).toEqual({
      collection: 'contacts',
      table: 'contacts',
      operation: 'reIndex',
      statement: 'REINDEX TABLE CONCURRENTLY "contacts"',
      durationMs: expect.any(Number),
      ok: true,
      error: null,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    for (const sizes of [result.before, result.after]) {
      expect(sizes.collections.map((c: { collection: string }) => c.collection)).toEqual(chosen);
      expect(sizes.total.indexBytes).toBeGreaterThan(0);
    }
    // Just analysed: the estimate is the count.
    expect(result.after.collections[0].rows).toBe(40);

    const oidsAfter = await indexOids(mine);
    expect([...oidsAfter.keys()].sort()).toEqual([...oidsBefore.keys()].sort());
    for (const [name, oid] of oidsBefore) expect(oidsAfter.get(name), name).not.toBe(oid);
    expect(await indexOids(['messages', 'users'])).toEqual(othersBefore);
    expect(await analyseCount('contacts')).toBeGreaterThan(0);

    const [activity] = (await optimizeActivities()).slice(-1);
    expect(activity).toMatchObject({
      source_type: 'user',
      data: {
        username: 'admin',
        status: 'completed',
        collections: chosen,
        operations: ['reIndex', 'stats'],
        durationMs: result.durationMs,
      },
    });
    expect(activity.user_id).toEqual(expect.any(Number));
    expect(describeActivity({ type: 'database_optimized', data: activity.data })).toMatch(
      /^admin optimized the database \(rebuilt the indexes and refreshed the statistics of contacts, webhookEvents: 2 tables in \d+\.\d s, [\d.]+ MB before and [\d.]+ MB after\)$/,
    );
  });

  it('runs only the operations asked for', async () => {
    const oidsBefore = await indexOids(['api_key_usage']);
    const analysed = await analyseCount('api_key_usage');
    const res = await optimize({ operations: ['stats'], collections: ['usageEvents'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().steps.map((s: { statement: string }) => s.statement)).toEqual(['ANALYZE "api_key_usage"']);
    expect(await indexOids(['api_key_usage'])).toEqual(oidsBefore);
    expect(await analyseCount('api_key_usage')).toBe(analysed + 1);
  });

  it('with no body, rebuilds and analyses every table of every collection', async () => {
    const res = await optimize();
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ operations: ['reIndex', 'stats'], collections: collectionNames, failedSteps: 0 });
    expect(result.steps.map((s: { table: string; operation: string }) => `${s.operation} ${s.table}`)).toEqual(
      allTables.flatMap((table) => [`reIndex ${table}`, `stats ${table}`]),
    );
    expect(result.before.collections).toHaveLength(collectionNames.length);
    expect(describeActivity({ type: 'database_optimized', data: (await optimizeActivities()).at(-1).data })).toContain(
      `of every collection: ${allTables.length} tables`,
    );
  });

  const bad: [string, unknown, string][] = [
    ['an unknown collection', { collections: ['messages', 'nope'] }, 'collections.1'],
    ['an unknown operation', { operations: ['vacuum'] }, 'operations.0'],
    ['no operation', { operations: [] }, 'operations'],
    ['no collection', { collections: [] }, 'collections'],
    ['collections that are not a list', { collections: 'messages' }, 'collections'],
    ['a field it does not know', { collection: ['messages'] }, 'collection'],
  ];
  it.each(bad)('refuses %s with a 400 naming the field, and runs nothing', async (_label, payload, field) => {
    const oids = await indexOids(['messages']);
    const written = (await optimizeActivities()).length;
    const res = await optimize(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining(field) });
    expect(await indexOids(['messages'])).toEqual(oids);
    expect(await optimizeActivities()).toHaveLength(written);
  });
});

describe('one optimize at a time', () => {
  it('answers 409 while another server process holds the optimize lock, and runs once it is let go', async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [OPTIMIZE_LOCK_ID]);
      const oids = await indexOids(['contacts']);
      const res = await optimize({ collections: ['contacts'] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('already running') });
      expect(await indexOids(['contacts'])).toEqual(oids);
      await other.query('SELECT pg_advisory_unlock($1)', [OPTIMIZE_LOCK_ID]);
      expect((await optimize({ collections: ['contacts'] })).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });

  it('answers 409 to a second call while the first runs, and the chat reads and writes its tables meanwhile', async () => {
    // A transaction holding an older snapshot keeps REINDEX CONCURRENTLY waiting, as a long report would.
    const reader = new pg.Client({ connectionString: t.databaseUrl });
    await reader.connect();
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query('SELECT 1');
      const first = optimize({ collections: ['contacts'] });
      await waitUntilWaiting('REINDEX TABLE CONCURRENTLY "contacts"');

      const second = await optimize({ collections: ['messages'] });
      expect(second.statusCode).toBe(409);
      const { pool } = t.ctx.database;
      await pool.query("INSERT INTO contacts (phone, wa_id, name) VALUES ('447700900999', '447700900999', 'Meanwhile')");
      expect((await pool.query("SELECT name FROM contacts WHERE phone = '447700900999'")).rows).toEqual([{ name: 'Meanwhile' }]);

      await reader.query('COMMIT');
      expect((await first).statusCode).toBe(200);
    } finally {
      await reader.end();
    }
  });
});

describe('API documentation', () => {
  it('lists both routes under Maintenance, with the collections the body takes', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(paths['/api/database/sizes'].get.tags).toEqual(['Maintenance']);
    expect(paths['/api/database/optimize'].post.tags).toEqual(['Maintenance']);
    const body = paths['/api/database/optimize'].post.requestBody.content['application/json'].schema;
    expect(body.properties.collections.items.enum).toEqual(collectionNames);
  });
});
