import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domains: ['health'] });
});
afterAll(() => t.close());

it('answers 200 without auth when the database is up and migrated', async () => {
  const res = await t.request({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok', database: 'up', migrations: 'applied' });
});

it('answers 503 when migrations are missing', async () => {
  const { rows } = await t.ctx.database.pool.query('DELETE FROM drizzle.__drizzle_migrations RETURNING *');
  try {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', database: 'up', migrations: 'pending' });
  } finally {
    for (const row of rows) {
      await t.ctx.database.pool.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
        row.id,
        row.hash,
        row.created_at,
      ]);
    }
  }
  expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});

it('answers 503 when the database cannot be reached', async () => {
  await t.ctx.database.pool.end();
  const res = await t.request({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'error', database: 'down', migrations: 'unknown' });
  // close() ends the pool again; make that harmless.
  t.ctx.database.close = async () => {};
});
