// A Graph imitation that notes when each send arrives, for latency benchmarks: POST /{version}/{phone-number-id}/messages
// answers Meta's success shape with a new wamid at once (nothing follows: no validation, no status webhooks), and prints
// one line per send, "sent <to> <epoch ms>", on the clock every process on the machine shares. Prints "ready".
// Usage: tsx bench/lib/recording-graph.ts '{"port": 4567}'
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { epochMs } from './stats.ts';

const { port } = JSON.parse(process.argv[2] ?? '') as { port: number };

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = epochMs();
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/messages$/.test(request.url ?? '')) {
      return json(400, {
        error: { message: `Unsupported request ${request.method} ${request.url}`, type: 'GraphMethodException', code: 100 },
      });
    }
    const to = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to?: string }).to ?? '').replace(/^\+/, '');
    process.stdout.write(`sent ${to} ${at.toFixed(3)}\n`);
    return json(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.${randomBytes(12).toString('base64url')}` }],
    });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('ready'));
