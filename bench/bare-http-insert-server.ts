// The floor for bench/webhook-intake.ts: plain node:http (keep-alive, its default) that reads each JSON body, parses
// it and stores it with one INSERT into a table shaped like webhook_events, on the same database and with the same pool
// size (10) as the real server. No framework, no signature check, no group commit, no processing.
import http from 'node:http';
import pg from 'pg';
import { createBareEventsTable } from './lib/bare-events-table.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await createBareEventsTable(pool, 'bench_bare_http_events');

function answer(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return answer(res, 200, '{"ok":true}');
  if (req.method !== 'POST' || req.url !== '/bare-insert') return answer(res, 404, '{"error":"not found"}');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400, '{"error":"malformed body"}');
    }
    pool.query('INSERT INTO bench_bare_http_events (payload) VALUES ($1) RETURNING id', [payload]).then(
      () => answer(res, 200, '{"received":true}'),
      () => answer(res, 500, '{"error":"insert failed"}'),
    );
  });
});

const port = Number(process.env.PORT ?? 0);
server.listen(port, '127.0.0.1', () => console.log(`bare node:http insert server listening on 127.0.0.1:${port}`));

const stop = () => {
  server.closeAllConnections();
  server.close(() => void pool.end().then(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
