// The baseline for bench/webhook-ingest.ts: a bare Fastify 5 route that stores each JSON body with one INSERT into a
// table shaped like webhook_events, on the same database and with the same pool size (10) as the real server.
import Fastify from 'fastify';
import pg from 'pg';
import { createBareEventsTable } from './lib/bare-events-table.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await createBareEventsTable(pool, 'bench_bare_events');

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.post('/bare-insert', async (request) => {
  await pool.query('INSERT INTO bench_bare_events (payload) VALUES ($1) RETURNING id', [request.body]);
  return { received: true };
});

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare insert server listening on 127.0.0.1:${port}`);

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
