import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_FAILURES_SHOWN, type JobsOverview } from '@wac/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type BuiltApp, buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { connectDatabase, type Database } from '../db/database.ts';
import { eventually } from '../whatsapp/test/listening-test-app.ts';

// Two server processes on one database, as behind a load balancer. Nothing listens on PUBLIC_URL, so the
// template sync reaches no Graph API and fails every period: the failures page has something to show.
const SYNC_EVERY_MS = 400;
const env = { JOBS_POLL_INTERVAL_MS: '100', TEMPLATE_SYNC_INTERVAL_MS: String(SYNC_EVERY_MS) };
const scheduledKinds = ['auth.sign-in-cleanup', 'messaging.stale-send-sweep', 'templates.sync'];

let a: TestApp;
let b: BuiltApp;
let bDatabase: Database;
/** Every scheduled run either server started: its kind, the job's id and when; and when each run ended. */
const starts: { kind: string; id: string; server: 'a' | 'b'; at: number }[] = [];
const ends: { kind: string; at: number }[] = [];

beforeAll(async () => {
  a = await createTestApp({ env });
  bDatabase = connectDatabase(a.databaseUrl);
  b = await buildApp(loadConfig({}, { DATA_DIR: a.dataDir, DATABASE_URL: a.databaseUrl, LOG_LEVEL: 'silent', ...env }), bDatabase);
  await b.app.ready();
  for (const [server, jobs] of [
    ['a', a.ctx.jobs],
    ['b', b.services.jobs],
  ] as const) {
    jobs.events()?.on('job:start', ({ job }) => starts.push({ kind: job.task_identifier, id: job.id, server, at: Date.now() }));
    jobs.events()?.on('job:complete', ({ job }) => ends.push({ kind: job.task_identifier, at: Date.now() }));
  }
});

afterAll(async () => {
  await b.app.close();
  await bDatabase.close();
  await a.close();
});

const startsOf = (kind: string) => starts.filter((start) => start.kind === kind);

async function overview(): Promise<JobsOverview> {
  const res = await a.request({ method: 'GET', url: '/api/jobs', token: await a.adminToken() });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const kindIn = (jobs: JobsOverview, name: string) => {
  const kind = jobs.kinds.find((k) => k.name === name);
  if (!kind) throw new Error(`no kind ${name}`);
  return kind;
};

describe('scheduled jobs on two servers', () => {
  it('keeps one next run of each kind, though both servers scheduled it at start', async () => {
    const { rows } = await a.ctx.database.pool.query<{ kind: string; waiting: number }>(
      `SELECT task_identifier AS kind, count(*)::int AS waiting FROM graphile_worker.jobs
       WHERE task_identifier = ANY($1) AND locked_at IS NULL AND attempts < max_attempts GROUP BY 1`,
      [scheduledKinds.slice(0, 2)],
    );
    expect(rows.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      { kind: 'auth.sign-in-cleanup', waiting: 1 },
      { kind: 'messaging.stale-send-sweep', waiting: 1 },
    ]);
  });

  it.each(scheduledKinds.slice(0, 2))('runs %s once when asked to run now, on one of the two servers', async (kind) => {
    // Their first runs (at start) are over when the next is a minute away.
    const settled = (summary: JobsOverview['kinds'][number]) =>
      summary.running === 0 && summary.queued === 1 && Date.parse(summary.nextRunAt ?? '') > Date.now() + 50_000;
    await eventually(async () => settled(kindIn(await overview(), kind)));
    const before = startsOf(kind).length;
    const res = await a.request({ method: 'POST', url: `/api/jobs/${kind}/run`, token: await a.adminToken() });
    expect(res.statusCode).toBe(200);

    await eventually(async () => startsOf(kind).length > before);
    await sleep(800); // eight polls of each server
    expect(startsOf(kind).length).toBe(before + 1);
    const after = kindIn(await overview(), kind);
    expect(after).toMatchObject({ failed: 0, everySeconds: 60 });
    expect(settled(after)).toBe(true);
  });

  it('refuses to run a kind now while a run of it is under way, which would overlap it', async () => {
    const key = 'every:auth.sign-in-cleanup';
    // A run under way holds the key and a lock; set one up by hand rather than race a real run.
    await a.ctx.database.pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test' WHERE key = $1`, [key]);
    try {
      const res = await a.request({ method: 'POST', url: '/api/jobs/auth.sign-in-cleanup/run', token: await a.adminToken() });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        'End expired sessions and forget old sign-in attempts is running now; its next run follows when this one ends',
      );
    } finally {
      await a.ctx.database.pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL WHERE key = $1`, [key]);
    }
  });

  it('does the kind’s work: the sign-in cleanup run now forgets an old attempt', async () => {
    await a.ctx.database.pool.query(
      `INSERT INTO sign_in_attempts (username, ip, window_started_at, attempts) VALUES ('old-one', '10.0.0.9', now() - interval '1 hour', 3)`,
    );
    await b.app.inject({
      method: 'POST',
      url: '/api/jobs/auth.sign-in-cleanup/run',
      headers: { authorization: `Bearer ${await a.adminToken()}` },
    });
    await eventually(
      async () => (await a.ctx.database.pool.query(`SELECT 1 FROM sign_in_attempts WHERE username = 'old-one'`)).rowCount === 0,
    );
  });

  it('runs a periodic kind once per period across both servers, a period after the last run ended', async () => {
    const from = Date.now();
    await sleep(SYNC_EVERY_MS * 8);
    const runs = startsOf('templates.sync').filter((start) => start.at >= from);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    // Had both servers run each period, or a run started while another was under way, a run would start
    // before the one before it ended, or right after.
    for (let i = 1; i < runs.length; i++) {
      const previousEnd = ends.find((end) => end.kind === 'templates.sync' && end.at >= (runs[i - 1]?.at ?? 0))?.at ?? Infinity;
      expect((runs[i]?.at ?? 0) - previousEnd).toBeGreaterThan(SYNC_EVERY_MS * 0.75);
    }
  });
});

describe('the jobs page', () => {
  it('lists every kind, scheduled and claimed, with a failed run’s error', async () => {
    const jobs = await overview();
    expect(jobs.kinds.map((k) => [k.name, k.mechanism])).toEqual([
      ['api-keys.log-cleanup', 'scheduled'],
      ['auth.sign-in-cleanup', 'scheduled'],
      ['messaging.stale-send-sweep', 'scheduled'],
      ['templates.sync', 'scheduled'],
      ['public-api.idempotency-sweep', 'scheduled'],
      ['campaigns.start-due', 'scheduled'],
      ['flows.session-timers', 'scheduled'],
      ['outbound-webhooks.cleanup', 'scheduled'],
      ['maintenance.retention', 'scheduled'],
      ['messaging.webhook-events', 'claim'],
      ['messaging.media-downloads', 'claim'],
      ['messaging.sentiment-scoring', 'claim'],
      ['campaigns.dispatch', 'claim'],
      ['flows.inbox', 'claim'],
      ['outbound-webhooks.deliveries', 'claim'],
      ['analytics.rollups', 'claim'],
    ]);
    const sync = kindIn(jobs, 'templates.sync');
    expect(sync.failed).toBeGreaterThan(0);
    // Failing every period, it keeps only the failures the page shows (and the one being recorded).
    expect(sync.failed).toBeLessThanOrEqual(JOB_FAILURES_SHOWN + 1);
    expect(sync.failures[0]?.error).toBe('WhatsApp could not be reached to list the templates; try again in a moment');
    expect(sync.everySeconds).toBe(SYNC_EVERY_MS / 1000);
  });

  it('retries a failed scheduled run, which runs again under the same id', async () => {
    const failure = kindIn(await overview(), 'templates.sync').failures.at(-1);
    if (!failure) throw new Error('no failure to retry');
    const res = await a.request({
      method: 'POST',
      url: `/api/jobs/templates.sync/failures/${failure.id}/retry`,
      token: await a.adminToken(),
    });
    expect(res.statusCode).toBe(200);
    await eventually(async () => starts.some((start) => start.id === failure.id && start.at > Date.parse(failure.failedAt)));
  });

  it('retries a webhook event that ran out of attempts, which is then processed', async () => {
    const { rows } = await a.ctx.database.pool.query<{ id: string }>(
      `INSERT INTO webhook_events (payload, attempts, error) VALUES ('{"object":"whatsapp_business_account","entry":[]}', 5, 'boom') RETURNING id`,
    );
    const id = rows[0]?.id ?? '';
    const listed = kindIn(await overview(), 'messaging.webhook-events');
    expect(listed).toMatchObject({ failed: 1, running: null });
    expect(listed.failures[0]).toMatchObject({ id, error: 'boom', attempts: 5 });

    const res = await a.request({
      method: 'POST',
      url: `/api/jobs/messaging.webhook-events/failures/${id}/retry`,
      token: await a.adminToken(),
    });
    expect(res.statusCode).toBe(200);
    await eventually(
      async () =>
        (await a.ctx.database.pool.query('SELECT 1 FROM webhook_events WHERE id = $1 AND processed_at IS NOT NULL', [id])).rowCount === 1,
    );
    expect(kindIn(await overview(), 'messaging.webhook-events').failed).toBe(0);
  });

  it('answers 404 for a job that is not waiting for a retry, 400 for a bad id and 403 for an agent', async () => {
    const admin = await a.adminToken();
    const missing = await a.request({ method: 'POST', url: '/api/jobs/messaging.media-downloads/failures/999/retry', token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('No failed job 999 of messaging.media-downloads waits for a retry');
    const unknownKind = await a.request({ method: 'POST', url: '/api/jobs/nothing.here/run', token: admin });
    expect(unknownKind.statusCode).toBe(404);
    const badId = await a.request({ method: 'POST', url: '/api/jobs/templates.sync/failures/abc/retry', token: admin });
    expect(badId.statusCode).toBe(400);
    const agent = await addUser(a, { username: 'jobs-agent' });
    expect((await a.request({ method: 'GET', url: '/api/jobs', token: agent.token })).statusCode).toBe(403);
  });
});

describe('a runner whose worker died', () => {
  it('starts the library again on its own, and runs jobs after', async () => {
    const before = a.ctx.jobs.events();
    if (!before) throw new Error('server a has no runner');
    // What graphile-worker reports when a worker cannot go on (say the database restarted under it).
    before.emit('worker:fatalError', { worker: {} as never, error: new Error('connection terminated'), jobError: null });
    const after = await eventually(async () => {
      const current = a.ctx.jobs.events();
      return current && current !== before ? current : null;
    }, 15_000);
    const ran = new Promise((resolve) => after.on('job:start', resolve));
    await b.services.jobs.stop(); // only server a's new workers are left to take it
    await a.request({ method: 'POST', url: '/api/jobs/auth.sign-in-cleanup/run', token: await a.adminToken() });
    await expect(ran).resolves.toBeDefined();
  });
});
