import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FlowGraph } from '@wac/contract/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, initialState } from './flow-engine.ts';
import type { HttpActionRequest } from './flow-engine.types.ts';
import { createHttpCaller, maxResponseBytes } from './flow-http.ts';

let server: http.Server;
let base: string;
let port: number;
/** Requests the local server received: a refused call must not reach it. */
const received: { url: string; method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      switch (req.url) {
        case '/order':
          return json(200, { order: { id: 7, status: 'shipped', lines: [{ sku: 'A1' }] } });
        case '/echo':
          return json(201, { method: req.method, headers: req.headers, body });
        case '/text':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('just text');
        case '/redirect':
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          return res.end();
        case '/missing':
          return json(404, { error: 'no such order' });
        case '/slow':
          setTimeout(() => json(200, { late: true }), 3_000).unref();
          return;
        case '/big': {
          res.writeHead(200, { 'content-type': 'text/plain' });
          const chunk = 'x'.repeat(64 * 1024);
          for (let k = 0; k < 20; k++) res.write(chunk);
          return res.end();
        }
        case '/big-declared':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(maxResponseBytes + 1) });
          return res.end('x'.repeat(maxResponseBytes + 1));
        case '/exactly-1mb':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('y'.repeat(maxResponseBytes));
        case '/cut':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
          res.write('partial');
          return setTimeout(() => res.socket?.destroy(), 20);
        default:
          return json(404, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (url: string, extra: Partial<HttpActionRequest> = {}): HttpActionRequest => ({
  method: 'GET',
  url,
  headers: {},
  timeoutMs: 5_000,
  ...extra,
});
const allowLocal = createHttpCaller({ allowedHosts: () => ['127.0.0.1'] });

describe('flow HTTP caller: calls', () => {
  it('parses a JSON answer', async () => {
    expect(await allowLocal(request(`${base}/order`))).toEqual({
      ok: true,
      status: 200,
      body: { order: { id: 7, status: 'shipped', lines: [{ sku: 'A1' }] } },
    });
  });

  it('answers the text of an answer that is not JSON', async () => {
    expect(await allowLocal(request(`${base}/text`))).toEqual({ ok: true, status: 200, body: 'just text' });
  });

  it('sends the method, headers and body, JSON by default; connection headers of the flow are dropped', async () => {
    const result = await allowLocal(
      request(`${base}/echo`, {
        method: 'post',
        headers: { Authorization: 'Bearer abc', 'X-Trace': '1', Host: 'evil.example', 'Content-Length': '1' },
        body: '{"name":"Ana"}',
      }),
    );
    expect(result.ok).toBe(true);
    const echo = (result as { body: { method: string; headers: Record<string, string>; body: string } }).body;
    expect(echo.method).toBe('POST');
    expect(echo.body).toBe('{"name":"Ana"}');
    expect(echo.headers).toMatchObject({
      authorization: 'Bearer abc',
      'x-trace': '1',
      host: `127.0.0.1:${port}`,
      'content-type': 'application/json',
      'content-length': '14',
    });
    expect(echo.headers['user-agent']).toContain('WhatsApp-Agent-Chat');
    const text = await allowLocal(request(`${base}/echo`, { method: 'PUT', body: 'name=Ana' }));
    expect((text as { body: { headers: Record<string, string> } }).body.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('reports a redirect without following it', async () => {
    const before = received.length;
    const result = await allowLocal(request(`${base}/redirect`));
    expect(result).toEqual({
      ok: false,
      status: 302,
      error: 'The server answered 302 Found (a redirect to http://169.254.169.254/latest/meta-data/, which is not followed)',
    });
    expect(received.length).toBe(before + 1);
  });

  it('reports an answer that is not 2xx as a failure with its status', async () => {
    expect(await allowLocal(request(`${base}/missing`))).toEqual({ ok: false, status: 404, error: 'The server answered 404 Not Found' });
  });

  it('gives up after timeoutMs', async () => {
    const started = performance.now();
    expect(await allowLocal(request(`${base}/slow`, { timeoutMs: 200 }))).toEqual({ ok: false, error: 'No answer within 200 ms' });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('refuses answers over 1 MB, declared or streamed, and takes one of exactly 1 MB', async () => {
    expect(await allowLocal(request(`${base}/big`))).toEqual({ ok: false, status: 200, error: 'The answer is larger than 1 MB' });
    expect(await allowLocal(request(`${base}/big-declared`))).toEqual({ ok: false, status: 200, error: 'The answer is larger than 1 MB' });
    const exact = await allowLocal(request(`${base}/exactly-1mb`));
    expect(exact.ok && (exact.body as string).length).toBe(maxResponseBytes);
  });

  it('reports a connection closed before the answer was complete, and a refused connection', async () => {
    const cut = await allowLocal(request(`${base}/cut`));
    expect(cut.ok).toBe(false);
    expect((cut as { error: string }).error).toMatch(/closed the connection/);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await allowLocal(request(`http://127.0.0.1:${freePort}/`))).toEqual({
      ok: false,
      error: `The server at 127.0.0.1:${freePort} refused the connection`,
    });
  });
});

describe('flow HTTP caller: refusals', () => {
  const denyAll = createHttpCaller({ allowedHosts: () => [] });

  it.each([
    ['http://127.0.0.1:PORT/order', 'The address 127.0.0.1 is a loopback address (this machine); an admin can allow the host in Settings'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'The address 169.254.169.254 is link-local (used for cloud metadata); an admin can allow the host in Settings',
    ],
    ['http://10.0.0.5/', 'The address 10.0.0.5 is private; an admin can allow the host in Settings'],
    ['http://[::1]:PORT/', 'The address ::1 is a loopback address (this machine); an admin can allow the host in Settings'],
    [
      'http://[::ffff:127.0.0.1]:PORT/',
      'The address ::ffff:7f00:1 is a loopback address (this machine); an admin can allow the host in Settings',
    ],
    ['http://0.0.0.0:PORT/', 'The address 0.0.0.0 is unspecified; an admin can allow the host in Settings'],
    ['http://2130706433:PORT/', 'The address 127.0.0.1 is a loopback address (this machine); an admin can allow the host in Settings'],
    [
      'https://100.64.1.1/',
      'The address 100.64.1.1 is in the shared address space of carrier-grade NAT; an admin can allow the host in Settings',
    ],
  ])('refuses %s', async (url, error) => {
    const before = received.length;
    expect(await denyAll(request(url.replace('PORT', String(port))))).toEqual({ ok: false, error });
    expect(received.length).toBe(before);
  });

  it('refuses a hostname that resolves to loopback (localhost)', async () => {
    const result = await denyAll(request(`http://localhost:${port}/order`));
    expect(result.ok).toBe(false);
    expect((result as { error: string }).error).toMatch(
      /^The host localhost has the address (127\.0\.0\.1|::1), which is a loopback address \(this machine\); an admin can allow the host in Settings$/,
    );
  });

  it('refuses a host when any of its addresses is not public', async () => {
    const caller = createHttpCaller({
      allowedHosts: () => [],
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '192.168.1.10', family: 4 },
      ],
    });
    expect(await caller(request('https://shop.example.com/api'))).toEqual({
      ok: false,
      error: 'The host shop.example.com has the address 192.168.1.10, which is private; an admin can allow the host in Settings',
    });
  });

  it('refuses other schemes, bad URLs, other methods and header values HTTP cannot carry', async () => {
    expect(await allowLocal(request('ftp://127.0.0.1/file'))).toEqual({
      ok: false,
      error: 'Only http and https addresses can be called, not ftp',
    });
    expect(await allowLocal(request('file:///etc/passwd'))).toEqual({
      ok: false,
      error: 'Only http and https addresses can be called, not file',
    });
    expect(await allowLocal(request('not a url'))).toEqual({ ok: false, error: '"not a url" is not a valid URL' });
    expect(await allowLocal(request(`${base}/order`, { method: 'BREW' }))).toEqual({
      ok: false,
      error: 'The method BREW is not supported; use GET, POST, PUT, PATCH, DELETE',
    });
    const header = await allowLocal(request(`${base}/order`, { headers: { 'X-Name': 'Ana\r\nX-Admin: 1' } }));
    expect(header).toEqual({
      ok: false,
      error: 'The header X-Name holds characters HTTP headers cannot carry (line breaks or characters beyond Latin-1)',
    });
  });

  it('reports a host that cannot be found', async () => {
    const caller = createHttpCaller({
      allowedHosts: () => [],
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    expect(await caller(request('https://nowhere.invalid/'))).toEqual({ ok: false, error: 'The host nowhere.invalid could not be found' });
  });
});

describe('flow HTTP caller: allowed hosts', () => {
  it('matches the host without case, with any port or only the port given', async () => {
    const upper = createHttpCaller({ allowedHosts: async () => ['  127.0.0.1  '.toUpperCase()] });
    expect((await upper(request(`${base}/order`))).ok).toBe(true);
    const withPort = createHttpCaller({ allowedHosts: () => [`127.0.0.1:${port}`] });
    expect((await withPort(request(`${base}/order`))).ok).toBe(true);
    const otherPort = createHttpCaller({ allowedHosts: () => ['127.0.0.1:1'] });
    expect((await otherPort(request(`${base}/order`))).ok).toBe(false);
    const pastedUrl = createHttpCaller({ allowedHosts: () => [`http://127.0.0.1:${port}/`] });
    expect((await pastedUrl(request(`${base}/order`))).ok).toBe(true);
  });

  it('treats allowed hosts that cannot be read as none', async () => {
    const broken = createHttpCaller({
      allowedHosts: () => {
        throw new Error('settings unavailable');
      },
    });
    expect((await broken(request(`${base}/order`))).ok).toBe(false);
  });

  it('connects to the address it checked, without a second lookup (no DNS rebinding)', async () => {
    const lookups: string[] = [];
    const caller = createHttpCaller({
      allowedHosts: () => ['Orders.Internal.Test'],
      resolve: async (hostname) => {
        lookups.push(hostname);
        // A second lookup would get an address nothing listens on, and the made-up name is unknown to the system.
        return lookups.length === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.255.255.1', family: 4 }];
      },
    });
    const result = await caller(request(`http://orders.internal.test:${port}/order`));
    expect(result.ok).toBe(true);
    expect(lookups).toEqual(['orders.internal.test']);
    expect(received.at(-1)?.headers.host).toBe(`orders.internal.test:${port}`);
  });
});

describe('flow HTTP caller with the engine', () => {
  it('maps a real JSON answer into variables and takes the error edge on failure', async () => {
    const graph = {
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        {
          id: 'call',
          type: 'action',
          position: { x: 0, y: 0 },
          data: {
            actionType: 'http_request',
            url: `${base}/{{path}}`,
            responseMapping: [
              { variable: 'order_status', path: 'order.status' },
              { variable: 'first_sku', path: 'order.lines.0.sku' },
            ],
          },
        },
        { id: 'ok', type: 'message', position: { x: 0, y: 0 }, data: { message: 'Your order is {{order_status}} ({{first_sku}})' } },
        { id: 'bad', type: 'message', position: { x: 0, y: 0 }, data: { message: 'Sorry: {{http_error}}' } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'call' },
        { id: 'e2', source: 'call', target: 'ok' },
        { id: 'e3', source: 'call', sourceHandle: 'error', target: 'bad' },
      ],
    } as FlowGraph;
    const deps = { callHttp: allowLocal, maxSteps: 50 };
    const ok = await advance(graph, initialState({ path: 'order' }), { kind: 'start' }, deps);
    expect(ok.replies).toEqual([{ type: 'text', text: 'Your order is shipped (A1)' }]);
    expect(ok.state.variables).toMatchObject({ order_status: 'shipped', first_sku: 'A1', http_status: '200' });
    const missing = await advance(graph, initialState({ path: 'missing' }), { kind: 'start' }, deps);
    expect(missing.replies).toEqual([{ type: 'text', text: 'Sorry: The server answered 404 Not Found' }]);
    expect(missing.state.variables.http_status).toBe('404');
  });
});
