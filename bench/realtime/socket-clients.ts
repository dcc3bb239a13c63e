// The connected consoles of bench/realtime-latency.ts, in their own process: many socket.io clients, each connecting
// as the web app does (websocket transport, bearer token in the handshake's auth), each recording when every
// whatsapp_message_received arrives. The sender wrote its send time into the message text (sent=<epoch ms>).
// Usage: tsx bench/realtime/socket-clients.ts '<ClientsSpec as JSON>'
import { writeFile } from 'node:fs/promises';
import { io, type Socket } from 'socket.io-client';
import { epochMs, type Summary, summarize } from '../lib/stats.ts';

export interface ClientsSpec {
  url: string;
  token: string;
  sockets: number;
  /** Webhooks the sender will post; the clients stop once every socket has heard every one. */
  expectedEvents: number;
  /** ...or when nothing arrived for this long after the sender should have finished. */
  idleMs: number;
  deadlineMs: number;
  resultFile: string;
}

export interface ClientsResult {
  connected: number;
  connectFailures: string[];
  connectMs: Summary;
  disconnects: number;
  /** Sending the webhook to the event handled in a client, over every delivery to every socket. */
  latencyMs: Summary;
  /** Per event: the first socket's and the last socket's arrival, from sending. */
  firstSocketMs: Summary;
  lastSocketMs: Summary;
  deliveries: number;
  expectedDeliveries: number;
  eventsHeard: number;
  /** Events some socket never heard, and events a socket heard twice. */
  missing: number;
  duplicates: number;
  cpuSeconds: number;
}

// The web app's options (apps/web/src/lib/socket.tsx) without reconnection: a dropped socket must show, not heal.
const SOCKET_OPTIONS = { path: '/socket.io', transports: ['websocket'], timeout: 20_000, reconnection: false, forceNew: true };
const CONNECT_CONCURRENCY = 50;
const SENT_PATTERN = /sent=(\d+(?:\.\d+)?)/;

const spec = JSON.parse(process.argv[2] ?? '') as ClientsSpec;
const sockets: Socket[] = [];
const connectTimes: number[] = [];
const connectFailures: string[] = [];
const latencies: number[] = [];
const heard = new Map<string, { count: number; first: number; last: number }>();
let duplicates = 0;
let disconnects = 0;
let lastArrival = 0;

function connectOne(index: number): Promise<void> {
  const t0 = performance.now();
  const socket = io(spec.url, { ...SOCKET_OPTIONS, auth: { token: spec.token } });
  const seen = new Set<string>();
  socket.on('whatsapp_message_received', (payload: { wamid: string; content: { text: string } }) => {
    const now = epochMs();
    const sent = Number(SENT_PATTERN.exec(payload.content.text)?.[1]);
    if (!Number.isFinite(sent)) return;
    if (seen.has(payload.wamid)) {
      duplicates++;
      return;
    }
    seen.add(payload.wamid);
    const latency = now - sent;
    latencies.push(latency);
    const entry = heard.get(payload.wamid);
    if (entry) {
      entry.count++;
      entry.first = Math.min(entry.first, latency);
      entry.last = Math.max(entry.last, latency);
    } else heard.set(payload.wamid, { count: 1, first: latency, last: latency });
    lastArrival = performance.now();
  });
  socket.on('disconnect', () => {
    disconnects++;
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => {
      connectTimes.push(performance.now() - t0);
      resolve();
    });
    socket.once('connect_error', (err) => {
      connectFailures.push(`socket ${index}: ${err.message}`);
      resolve();
    });
  });
}

let next = 0;
await Promise.all(
  Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < spec.sockets) await connectOne(next++);
  }),
);
console.log(`clients ready: ${connectTimes.length} connected, ${connectFailures.length} failed`);

const cpuBefore = process.cpuUsage();
const expectedDeliveries = spec.expectedEvents * connectTimes.length;
const started = performance.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const now = performance.now();
    const idle = lastArrival > 0 && now - lastArrival > spec.idleMs;
    if (latencies.length >= expectedDeliveries || idle || now - started > spec.deadlineMs) {
      clearInterval(timer);
      resolve();
    }
  }, 50);
});
const cpu = process.cpuUsage(cpuBefore);
const disconnectsWhileListening = disconnects;
for (const socket of sockets) socket.close();

const events = [...heard.values()];
const result: ClientsResult = {
  connected: connectTimes.length,
  connectFailures: connectFailures.slice(0, 5),
  connectMs: summarize(connectTimes),
  disconnects: disconnectsWhileListening,
  latencyMs: summarize(latencies),
  firstSocketMs: summarize(events.map((e) => e.first)),
  lastSocketMs: summarize(events.map((e) => e.last)),
  deliveries: latencies.length,
  expectedDeliveries,
  eventsHeard: heard.size,
  missing: spec.expectedEvents - events.filter((e) => e.count === connectTimes.length).length,
  duplicates,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
};
await writeFile(spec.resultFile, JSON.stringify(result));
// Alive a moment longer, so the orchestrator can read this process's CPU time before it is gone.
console.log('clients done');
setTimeout(() => process.exit(0), 1_000);
