import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboundPayload } from '@wac/contract/outbound-webhooks';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw bytes, as the signature covers them. */
  body: string;
  payload: OutboundPayload;
}

export interface Answer {
  status: number;
  body?: string;
}

/** A business's endpoint on loopback: records every POST and answers what the test asked for, per path. */
export interface Receiver {
  url: (path: string) => string;
  received: (path: string) => Received[];
  /** The answers for `path`, in turn; the last one is repeated (200 until told otherwise). */
  answer: (path: string, ...answers: Answer[]) => void;
  /** From now on `path` answers 200 only to a delivery whose X-WAC-Signature verifies with `secret`, else 401. */
  verify: (path: string, secret: string) => void;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const verifiedWith = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body, payload: JSON.parse(body) as OutboundPayload });
      const secret = verifiedWith.get(path);
      if (secret !== undefined && !genuineTimestamped(body, req.headers['x-wac-signature'], secret)) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('signature refused');
        return;
      }
      const queue = answers.get(path) ?? [];
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 200, body: '{"ok":true}' };
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => received.filter((r) => r.path === path),
    answer: (path, ...list) => answers.set(path, list),
    verify: (path, secret) => verifiedWith.set(path, secret),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Checks X-WAC-Signature-256 as a receiver would, written here apart from the server's own signing code. */
export function signedWith(secret: string, received: Received): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(received.body).digest('hex')}`;
  return received.headers['x-wac-signature-256'] === expected;
}

/** As the README tells a receiver to check X-WAC-Signature: the HMAC of "t.rawBody", and t within 5 minutes of now. */
export function genuineTimestamped(rawBody: string, header: string | string[] | undefined, secret: string): boolean {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
