import type http from 'node:http';
import type pg from 'pg';

/** A JSON answer with its length, as the bare node:http floors send them. */
export function answerJson(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Listens on PORT (loopback) and, on SIGTERM or SIGINT, closes the connections, the server and the pool, then exits. */
export function listenUntilStopped(server: http.Server, pool: pg.Pool, what: string): void {
  const port = Number(process.env.PORT ?? 0);
  server.listen(port, '127.0.0.1', () => console.log(`${what} listening on 127.0.0.1:${port}`));
  const stop = () => {
    server.closeAllConnections();
    server.close(() => void pool.end().then(() => process.exit(0)));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
