// The floor for bench/analytics-queries.ts: plain node:http (keep-alive, its default) answering GET /select-1 with the
// result of a prepared `SELECT 1` on the same database, with the same pool size (10) as the real server. No framework,
// no authentication, no query of any size: what one request with one database round trip costs at the least.
import http from 'node:http';
import pg from 'pg';
import { answerJson, listenUntilStopped } from './lib/bare-http.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const selectOne = { name: 'select-1', text: 'SELECT 1 AS one' };

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return answerJson(res, 200, '{"ok":true}');
  if (req.method !== 'GET' || req.url !== '/select-1') return answerJson(res, 404, '{"error":"not found"}');
  pool.query<{ one: number }>(selectOne).then(
    (result) => answerJson(res, 200, JSON.stringify({ one: result.rows[0]?.one })),
    () => answerJson(res, 500, '{"error":"query failed"}'),
  );
});
listenUntilStopped(server, pool, 'bare node:http SELECT 1 server');
