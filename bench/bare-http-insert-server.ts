// The floor for bench/webhook-intake.ts: plain node:http (keep-alive, its default) that reads each JSON body, parses
// it and stores it with one INSERT into a table shaped like webhook_events, on the same database and with the same pool
// size (10) as the real server. No framework, no signature check, no group commit, no processing.
import http from 'node:http';
import pg from 'pg';
import { createBareEventsTable } from './lib/bare-events-table.ts';
import { answerJson, listenUntilStopped } from './lib/bare-http.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await createBareEventsTable(pool, 'bench_bare_http_events');

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return answerJson(res, 200, '{"ok":true}');
  if (req.method !== 'POST' || req.url !== '/bare-insert') return answerJson(res, 404, '{"error":"not found"}');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answerJson(res, 400, '{"error":"malformed body"}');
    }
    pool.query('INSERT INTO bench_bare_http_events (payload) VALUES ($1) RETURNING id', [payload]).then(
      () => answerJson(res, 200, '{"received":true}'),
      () => answerJson(res, 500, '{"error":"insert failed"}'),
    );
  });
});

listenUntilStopped(server, pool, 'bare node:http insert server');
