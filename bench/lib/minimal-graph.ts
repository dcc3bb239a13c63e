// The cheapest Graph imitation bench/campaign-dispatch.ts can give a sender: POST /{version}/{phone-number-id}/messages
// answers Meta's success shape with a new wamid at once (and GET /{phone-number-id} an unlimited tier), and nothing follows (no validation, no status webhooks).
// It counts sends as the sandbox does (GET /counts, DELETE /counts: total, per recipient, per second), so a sender's
// own ceiling shows where the sandbox would be the limit. Prints "ready".
// Usage: tsx bench/lib/minimal-graph.ts '{"port": 4567}'
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const { port } = JSON.parse(process.argv[2] ?? '') as { port: number };
const byRecipient = new Map<string, number>();
const perSecond = new Map<number, number>();
let total = 0;
const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = request.url ?? '';
    if (url === '/counts' && request.method === 'GET') {
      return json(200, {
        total,
        byRecipient: Object.fromEntries(byRecipient),
        perSecond: [...perSecond].map(([second, count]) => ({ second, count })).sort((a, b) => a.second - b.second),
      });
    }
    if (url === '/counts' && request.method === 'DELETE') {
      total = 0;
      byRecipient.clear();
      perSecond.clear();
      return json(200, { success: true });
    }
    if (request.method === 'POST' && /^\/v\d+\.\d+\/\d+\/messages$/.test(url)) {
      const to = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to?: string }).to ?? '').replace(/^\+/, '');
      total += 1;
      bump(byRecipient, to);
      bump(perSecond, Math.floor(Date.now() / 1000));
      return json(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.${randomBytes(16).toString('base64url')}` }],
      });
    }
    // GET /{phone-number-id}: what a campaign start reads for its messaging-limit warning.
    if (request.method === 'GET' && /^\/v\d+\.\d+\/\d+(\?|$)/.test(url)) {
      return json(200, { messaging_limit_tier: 'TIER_UNLIMITED', throughput: { level: 'HIGH' }, quality_rating: 'GREEN' });
    }
    return json(400, { error: { message: `Unsupported request ${request.method} ${url}`, type: 'GraphMethodException', code: 100 } });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('ready'));
