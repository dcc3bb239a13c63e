import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MaintenanceRun } from '@wac/contract/cleanup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { type ServerProcess, startServerProcess } from '../campaigns/test/server-process.ts';
import { cleanupApi } from './test/cleanup-api.ts';
import { archiveLines } from './test/maintenance-seed.ts';

// A cleanup with archiveBeforeDelete runs on a second server process (B) on this file's database, and B is SIGKILLed
// mid-run: every message gone must be in B's archive, and the run must show as interrupted with what it did.

let t: TestApp;
let b: ServerProcess | undefined;
let bDataDir: string;

beforeAll(async () => {
  t = await createTestApp({ domains: ['maintenance'] });
  bDataDir = await mkdtemp(path.join(os.tmpdir(), 'wac-test-crash-'));
  b = await startServerProcess({ DATABASE_URL: t.databaseUrl, DATA_DIR: bDataDir, LOG_LEVEL: 'warn', TEMPLATE_SYNC_INTERVAL_MS: '0' });
});
afterAll(async () => {
  await b?.dispose();
  await t?.close();
  await rm(bDataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of a cleanup', () => {
  it('held the one cleanup of its kind, deleted no message its archive does not hold, and shows as interrupted with what it did', async () => {
    const pool = t.ctx.database.pool;
    await pool.query(`
      WITH c AS (INSERT INTO contacts (phone, wa_id) SELECT (447700800000 + i)::text, (447700800000 + i)::text FROM generate_series(1, 200) i RETURNING id),
      v AS (INSERT INTO conversations (contact_id, phone_number_id) SELECT id, 'pn-1' FROM c RETURNING id)
      INSERT INTO messages (conversation_id, direction, type, status, timestamp, content)
      SELECT v.id, 'inbound', 'text', 'received', now() - interval '90 days' + (v.id * 20 + i) * interval '1 minute', jsonb_build_object('text', 'hello ' || i)
      FROM v, generate_series(1, 20) i`);
    const seeded = (await pool.query<{ id: number }>('SELECT id FROM messages ORDER BY id')).rows.map((row) => row.id);
    expect(seeded).toHaveLength(4000);

    const token = await t.adminToken();
    const started = await fetch(`${b?.baseUrl}/api/database/cleanup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 30, collections: ['messages'], archiveBeforeDelete: true, batchSize: 50 }),
    });
    expect(started.status).toBe(202);
    const run = (await started.json()) as MaintenanceRun;
    // This file's server cannot start a second one meanwhile: it is told of B's.
    const second = await t.request({ method: 'POST', url: '/api/database/cleanup', payload: { days: 30 }, token });
    expect(second.statusCode).toBe(409);
    expect(second.json().running).toMatchObject({ id: run.id, status: 'running' });

    // Once a few batches went, B dies as a crash or the OOM killer would have it.
    for (let left = seeded.length; left > seeded.length - 200; ) {
      await sleep(20);
      left = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM messages')).rows[0]?.n ?? 0;
    }
    await b?.crash();

    const remaining = new Set((await pool.query<{ id: number }>('SELECT id FROM messages')).rows.map((row) => row.id));
    const deleted = seeded.filter((id) => !remaining.has(id));
    expect(deleted.length).toBeGreaterThanOrEqual(200);
    expect(deleted.length).toBeLessThan(seeded.length);
    const [archive] = await readdir(path.join(bDataDir, 'archives'));
    const archived = new Set(archiveLines(await readFile(path.join(bDataDir, 'archives', archive as string))).map((line) => line.id));
    expect(deleted.filter((id) => !archived.has(id))).toEqual([]);

    // Its heartbeat stopped: once that is seen as stale (30 s, moved back here), the run reads as interrupted.
    await pool.query("UPDATE maintenance_runs SET heartbeat_at = heartbeat_at - interval '1 minute' WHERE id = $1", [run.id]);
    const status = await cleanupApi(t, token, 'database').status();
    expect(status.running).toBeNull();
    const interrupted = status.history.find((r) => r.id === run.id);
    expect(interrupted).toMatchObject({ status: 'interrupted', archives: [archive] });
    expect(interrupted?.items[0]?.count).toBeGreaterThan(0);
    expect(interrupted?.items[0]?.count).toBeLessThanOrEqual(deleted.length);
  }, 60_000);
});
