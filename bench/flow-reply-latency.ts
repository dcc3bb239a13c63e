// Bot flow reply latency: from a customer's signed webhook leaving the customer (POST /api/webhooks/whatsapp) to the
// bot's reply reaching the Graph API, with many customers writing at once. The real server runs in live WhatsApp mode
// against a minimal Graph imitation in a process of its own (bench/lib/recording-graph.ts: it answers each send with a
// wamid at once and prints when it arrived, on the wall clock the webhooks were timed with; no status webhooks follow). One active flow answers the keyword
// "hi" with a greeting and two reply buttons (a new session: trigger, engine, two sends); then the same customers tap
// a button: "Support" in half of the rounds (the waiting session's answer: one send, the session ends), "Sales" in the
// others (one send, and every conversation handed to the agents: a state change and an activity each).
// Run: npm run bench:flow-reply-latency [-- --customers 100 --rounds 6]
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { inboundPayload } from '../apps/server/src/whatsapp/sandbox/webhook-payloads.ts';
import { signPayload } from '../apps/server/src/whatsapp/webhook-signature.ts';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { startScript, waitForOutput } from './lib/child-runs.ts';
import { cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { formatTable, freePort, machineLine, type Started, startServer, tempDataDir } from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, epochMs, ms, summarize } from './lib/stats.ts';
import { benchBusiness, liveWhatsappEnv, WEBHOOK_SECRET } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({ options: { customers: { type: 'string' }, rounds: { type: 'string' } } });
const CUSTOMERS = clamp(args.customers, 100, 1, 1_000);
const ROUNDS = clamp(args.rounds, 6, 2, 50);
// As many as a round: the connections a burst needs (to the server, to the Graph) are open before measuring.
const WARMUP_CUSTOMERS = CUSTOMERS;
const ROUND_TIMEOUT_MS = 60_000;
const TARGET_P99_MS = 200;

const say = (line = '') => console.log(line);

// Every send's recipient and arrival time at the Graph imitation, in order.
const arrivals = new Map<string, number[]>();

/** Starts the Graph imitation and follows its "sent <to> <epoch ms>" lines. */
async function startGraph(): Promise<{ url: string; started: Started }> {
  const port = await freePort();
  const started = startScript('Graph imitation', 'bench/lib/recording-graph.ts', { port });
  let partial = '';
  started.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const [word, to, at] = line.split(' ');
      if (word === 'sent' && to && at) arrivals.set(to, [...(arrivals.get(to) ?? []), Number(at)]);
    }
  });
  await waitForOutput(started, 'ready', 60_000);
  return { url: `http://127.0.0.1:${port}`, started };
}

const at = (x: number, y: number) => ({ x, y });
const greetingFlow = {
  name: 'Bench greeting',
  description: 'Greets and asks; sales go to an agent',
  nodes: [
    { id: 'start', type: 'start', position: at(0, 0), data: {} },
    { id: 'welcome', type: 'message', position: at(0, 100), data: { message: 'Hi {{name}}, welcome!' } },
    {
      id: 'ask',
      type: 'quickReply',
      position: at(0, 200),
      data: {
        question: 'How can we help?',
        variable: 'topic',
        options: [
          { id: 'sales', title: 'Sales' },
          { id: 'support', title: 'Support' },
        ],
      },
    },
    { id: 'handoff', type: 'action', position: at(0, 300), data: { actionType: 'handoff', message: 'Connecting you to an agent' } },
    { id: 'bye', type: 'action', position: at(200, 300), data: { actionType: 'end', message: 'Goodbye' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'welcome' },
    { id: 'e2', source: 'welcome', target: 'ask' },
    { id: 'e3', source: 'ask', sourceHandle: 'sales', target: 'handoff' },
    { id: 'e4', source: 'ask', sourceHandle: 'support', target: 'bye' },
  ],
};

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

// The customers' webhooks go out on kept-alive node:http connections: the load costs the shared cores little.
const webhookAgent = new http.Agent({ keepAlive: true });
function postWebhook(url: string, body: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: webhookAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-hub-signature-256': signature },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let wamidSeq = 0;
/** A customer's message as Meta posts it, signed: a text, or the tap of a reply button. */
function signedMessage(from: string, message: Record<string, unknown>) {
  wamidSeq += 1;
  const wamid = `wamid.${Buffer.from(`bench-flow:${process.pid}:${wamidSeq}`).toString('base64url')}`;
  const body = JSON.stringify(inboundPayload(benchBusiness, { from, name: `Customer ${from.slice(-4)}`, wamid, message }));
  return { body, signature: signPayload(body, WEBHOOK_SECRET) };
}

interface Round {
  /** Webhook sent → the turn's first reply at the Graph, per customer (ms). */
  first: number[];
  /** Webhook sent → the turn's last reply at the Graph. */
  last: number[];
  /** Webhook sent → its 200. */
  intake: number[];
}

/**
 * Every customer's message is posted at once (one request each); resolves once each customer has `replies` more
 * sends at the Graph than before, with the times.
 */
async function round(
  baseUrl: string,
  phones: string[],
  message: (phone: string) => Record<string, unknown>,
  replies: number,
): Promise<Round> {
  const before = new Map(phones.map((phone) => [phone, arrivals.get(phone)?.length ?? 0]));
  const bodies = phones.map((phone) => signedMessage(phone, message(phone)));
  const sentAt = new Map<string, number>();
  const intake: number[] = [];
  await Promise.all(
    bodies.map(async ({ body, signature }, k) => {
      const phone = phones[k] as string;
      const t0 = epochMs();
      sentAt.set(phone, t0);
      const status = await postWebhook(`${baseUrl}/api/webhooks/whatsapp`, body, signature);
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      intake.push(epochMs() - t0);
    }),
  );
  const deadline = performance.now() + ROUND_TIMEOUT_MS;
  const done = () => phones.every((phone) => (arrivals.get(phone)?.length ?? 0) >= (before.get(phone) ?? 0) + replies);
  while (!done()) {
    if (performance.now() > deadline) {
      const missing = phones.filter((phone) => (arrivals.get(phone)?.length ?? 0) < (before.get(phone) ?? 0) + replies).length;
      throw new Error(`${missing} customers had no full answer within ${ROUND_TIMEOUT_MS / 1000} s`);
    }
    await sleep(5);
  }
  const first: number[] = [];
  const last: number[] = [];
  for (const phone of phones) {
    const times = arrivals.get(phone) ?? [];
    const from = before.get(phone) ?? 0;
    const t0 = sentAt.get(phone) ?? 0;
    first.push((times[from] ?? Number.NaN) - t0);
    last.push((times[from + replies - 1] ?? Number.NaN) - t0);
  }
  return { first, last, intake };
}

function row(label: string, values: number[]): string[] {
  const s = summarize(values);
  return [label, String(s.count), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
}

async function main(): Promise<void> {
  say('Bot flow reply latency: signed webhook → the bot’s reply at the Graph API');
  say(machineLine());
  const graph = await startGraph();
  const graphUrl = graph.url;
  const dataDir = await tempDataDir('flow-latency');
  const server = await startServer('server', dataDir, { ...liveWhatsappEnv(), WHATSAPP_API_URL: graphUrl });
  const serverUpAt = performance.now();
  try {
    const token = await signInAsAdmin(server.baseUrl);
    const flow = await api(server.baseUrl, token, 'POST', '/api/flows', greetingFlow);
    await api(server.baseUrl, token, 'PUT', `/api/flows/${flow.id}/triggers`, {
      keywords: ['hi'],
      onNewConversation: false,
      isDefault: false,
    });
    await api(server.baseUrl, token, 'POST', `/api/flows/${flow.id}/activate`);
    say(`server ${server.baseUrl}, Graph imitation ${graphUrl}, flow ${flow.id} on the keyword "hi"`);

    let next = 0;
    const customers = (n: number) => Array.from({ length: n }, () => `4477008${String(next++).padStart(5, '0')}`);
    const hi = () => ({ type: 'text', text: { body: 'hi' } });
    const tap = (id: 'sales' | 'support') => () => ({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id, title: id === 'sales' ? 'Sales' : 'Support' } },
    });

    // Warm-up: JIT, connection pools (as many connections as a round uses), the flow's graph cache.
    for (let k = 0; k < 2; k++) {
      const warm = customers(WARMUP_CUSTOMERS);
      await round(server.baseUrl, warm, hi, 2);
      await round(server.baseUrl, warm, tap(k === 0 ? 'support' : 'sales'), 1);
    }
    // A server's first 10 s: it still publishes its events for servers it may not have heard of yet
    // (apps/server/src/realtime/lone-server.ts). Measured is a server past that, as it runs for days.
    await sleep(Math.max(0, serverUpAt + 11_000 - performance.now()));
    await waitForQuietMachineAndSay();

    const starts: Round[] = [];
    const answers: Round[] = [];
    const handoffs: Round[] = [];
    const cpuBefore = cpuMark();
    for (let r = 0; r < ROUNDS; r++) {
      const phones = customers(CUSTOMERS);
      starts.push(await round(server.baseUrl, phones, hi, 2));
      await sleep(200);
      if (r % 2 === 0) answers.push(await round(server.baseUrl, phones, tap('support'), 1));
      else handoffs.push(await round(server.baseUrl, phones, tap('sales'), 1));
      await sleep(200);
    }
    const cpu = cpuBetween(cpuBefore, cpuMark(), [
      { name: 'server', pgid: server.started.pgid },
      { name: 'postgres', postgresOf: dataDir },
      { name: 'Graph imitation', pgid: graph.started.pgid },
      { name: 'bench (load)', self: true },
    ]);
    const all = (rounds: Round[], key: keyof Round) => rounds.flatMap((x) => x[key]);
    say();
    say(`${ROUNDS} rounds of ${CUSTOMERS} customers writing at once (ms, from sending the webhook):`);
    say(
      formatTable(
        ['what', 'n', 'p50', 'p95', 'p99', 'max'],
        [
          row('"hi" → 200 of the webhook', all(starts, 'intake')),
          row('"hi" → greeting at the Graph (new session)', all(starts, 'first')),
          row('"hi" → buttons at the Graph (2nd send)', all(starts, 'last')),
          row('"Support" tap → reply at the Graph (answer)', all(answers, 'first')),
          row('"Sales" tap → reply at the Graph (+ handoff)', all(handoffs, 'first')),
        ],
      ),
    );
    const p99 = summarize([...all(starts, 'first'), ...all(answers, 'first')]).p99;
    say(
      `first reply p99, new sessions and answers: ${ms(p99)} ms (target < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'})`,
    );
    say(`CPU: ${describeCpu(cpu)}`);
    const sends = [...arrivals.values()].reduce((n, list) => n + list.length, 0);
    webhookAgent.destroy();
    say(`Graph sends: ${sends} (expected ${(WARMUP_CUSTOMERS * 2 + CUSTOMERS * ROUNDS) * 3})`);
  } finally {
    await stopAndReport(server.started, dataDir, { 'Graph imitation': graph.started });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
