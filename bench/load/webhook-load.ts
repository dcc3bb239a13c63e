// The load generator of bench/webhook-ingest.ts, run as its own process so its CPU is apart from the orchestrator's:
// autocannon POSTs signed inbound-message webhooks, each with a new wamid, and the result is written as JSON.
// Usage: tsx bench/load/webhook-load.ts '<LoadSpec as JSON>'
import { writeFile } from 'node:fs/promises';
import autocannon, { type Result } from 'autocannon';
import { benchWamid, customerPhone, signedTextWebhook } from '../lib/webhook-bodies.ts';

export interface LoadSpec {
  url: string;
  connections: number;
  duration: number;
  /** Makes this run's wamids distinct from every other run's. */
  run: string;
  /** Distinct customers the messages come from, in turn. */
  customers: number;
  resultFile: string;
}

export interface LoadOutput {
  result: Result;
  /** Requests built (each a distinct wamid); a few more than were answered, those in flight when time ran out. */
  built: number;
  startedAt: number;
  finishedAt: number;
  cpuSeconds: number;
}

const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
let seq = 0;
console.log('load started');
const cpuBefore = process.cpuUsage();
const startedAt = Date.now();
const result = await autocannon({
  url: spec.url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  connections: spec.connections,
  duration: spec.duration,
  timeout: 20,
  requests: [
    {
      setupRequest: (request) => {
        const n = seq++;
        const { body, signature } = signedTextWebhook({
          wamid: benchWamid(spec.run, n),
          from: customerPhone(n, spec.customers),
          text: `Hello, this is message ${n} about my order`,
        });
        return { ...request, body, headers: { ...request.headers, 'x-hub-signature-256': signature } };
      },
    },
  ],
});
const finishedAt = Date.now();
const cpu = process.cpuUsage(cpuBefore);
console.log('load finished');
const output: LoadOutput = { result, built: seq, startedAt, finishedAt, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
await writeFile(spec.resultFile, JSON.stringify(output));
