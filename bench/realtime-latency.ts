// Time from posting a signed inbound-message webhook to whatsapp_message_received arriving in each of 500 connected
// socket.io clients: p50/p99 over every delivery. Webhooks go out at a steady rate, one at a time.
// Run: npm run bench:realtime [-- --sockets 500 --rate 20 --duration 30]
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { scriptResult, startScript, waitForOutput } from './lib/child-runs.ts';
import { type CpuRole, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { formatTable, machineLine, startServer, tempDataDir } from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, epochMs, ms, type Summary, summarize } from './lib/stats.ts';
import { benchWamid, customerPhone, liveWhatsappEnv, signedTextWebhook } from './lib/webhook-bodies.ts';
import type { ClientsResult, ClientsSpec } from './realtime/socket-clients.ts';

const { values: args } = parseArgs({
  options: { sockets: { type: 'string' }, rate: { type: 'string' }, duration: { type: 'string' } },
});
const SOCKETS = clamp(args.sockets, 500, 1, 5_000);
const RATE = clamp(args.rate, 20, 1, 500);
const DURATION = clamp(args.duration ?? process.env.BENCH_DURATION, 30, 1, 300);
const EVENTS = RATE * DURATION;
const CUSTOMERS = 50;
const TARGET_P99_MS = 150;

/** Posts EVENTS webhooks on a fixed schedule (no drift); each carries its own send time. Returns the times to the 200. */
async function sendWebhooks(baseUrl: string): Promise<{ toResponse: Summary; failed: string[]; lateStarts: number }> {
  const toResponse: number[] = [];
  const failed: string[] = [];
  const pending: Promise<void>[] = [];
  let lateStarts = 0;
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -5) lateStarts++;
    const sentAt = epochMs();
    const { body, signature } = signedTextWebhook({
      wamid: benchWamid('realtime', i),
      from: customerPhone(i, CUSTOMERS),
      text: `Realtime check ${i} sent=${sentAt.toFixed(3)}`,
    });
    pending.push(
      fetch(`${baseUrl}/api/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status === 200) toResponse.push(epochMs() - sentAt);
          else failed.push(`event ${i}: HTTP ${res.status}`);
        })
        .catch((err: Error) => {
          failed.push(`event ${i}: ${err.message}`);
        }),
    );
  }
  await Promise.all(pending);
  return { toResponse: summarize(toResponse), failed, lateStarts };
}

console.log('bench/realtime-latency: signed webhook -> whatsapp_message_received in every connected socket');
console.log(machineLine());
console.log(
  'Processes: real server = child (tsx apps/server/src/main.ts, LOG_LEVEL=warn, live WhatsApp mode, embedded PostgreSQL, fresh DATA_DIR); ' +
    `${SOCKETS} socket.io clients = one child process (bench/realtime/socket-clients.ts); this process posts the webhooks. All on 127.0.0.1.`,
);
console.log(
  `Load: ${EVENTS} inbound text messages, ${RATE}/s for ${DURATION} s, each posted once as a signed webhook from one of ${CUSTOMERS} customers; ` +
    `every socket should hear every one (${EVENTS * SOCKETS} deliveries).`,
);
console.log(
  'Each delivery is timed from just before the webhook POST (the send time is written into the message text) to the ' +
    'client handling the event, on the shared wall clock of both processes. It includes: HTTP and the signature check, storing ' +
    'the event, the 200, the processor claiming it and storing contact, conversation and message in one transaction, the ' +
    'socket.io broadcast (through the Postgres adapter) to every socket, the websocket frame and the client decoding it.\n',
);

const dataDir = await tempDataDir('realtime');
const server = await startServer('server', dataDir, liveWhatsappEnv());

try {
  const token = await signInAsAdmin(server.baseUrl);
  const resultFile = path.join(dataDir, 'clients.json');
  const spec: ClientsSpec = {
    url: server.baseUrl,
    token,
    sockets: SOCKETS,
    expectedEvents: EVENTS,
    idleMs: 10_000,
    deadlineMs: (DURATION + 120) * 1000,
    resultFile,
  };
  await waitForQuietMachineAndSay();
  const clients = startScript('socket clients', 'bench/realtime/socket-clients.ts', spec);
  const tConnect = performance.now();
  await waitForOutput(clients, 'clients ready', 120_000);
  console.log(`${SOCKETS} sockets connecting took ${((performance.now() - tConnect) / 1000).toFixed(1)} s (process start included)`);
  await sleep(1_000);

  const roles: CpuRole[] = [
    { name: 'postgres', postgresOf: dataDir },
    { name: 'server', pgid: server.started.pgid },
    { name: 'clients', pgid: clients.pgid },
    { name: 'sender', self: true },
  ];
  const before = cpuMark();
  const sent = await sendWebhooks(server.baseUrl);
  await waitForOutput(clients, 'clients done', (DURATION + 180) * 1000);
  const cpu = cpuBetween(before, cpuMark(), roles);
  const result = await scriptResult<ClientsResult>(clients, resultFile);

  console.log('');
  console.log(
    formatTable(
      ['measure', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ['webhook POST -> 200 (sender)', sent.toResponse],
        ['webhook POST -> event in a socket (every delivery)', result.latencyMs],
        ['  per event: first socket to hear it', result.firstSocketMs],
        ['  per event: last socket to hear it', result.lastSocketMs],
        ['socket connect (handshake + auth, 50 at a time)', result.connectMs],
      ].map(([name, s]) => {
        const summary = s as Summary;
        return [name as string, String(summary.count), ms(summary.p50), ms(summary.p95), ms(summary.p99), ms(summary.max)];
      }),
    ),
  );
  const p99 = result.latencyMs.p99;
  console.log(
    `\nDelivery p99 ${ms(p99)} ms (target ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}); p50 ${ms(result.latencyMs.p50)} ms.`,
  );
  console.log(
    `Sockets connected ${result.connected} of ${SOCKETS} (${result.connectFailures.length ? result.connectFailures.join('; ') : 'no failures'}); ` +
      `disconnects while listening ${result.disconnects}; deliveries ${result.deliveries} of ${result.expectedDeliveries}; ` +
      `events heard ${result.eventsHeard} of ${EVENTS}; events some socket missed ${result.missing}; duplicate deliveries ${result.duplicates}; ` +
      `webhooks refused or failed ${sent.failed.length}${sent.failed.length ? ` (${sent.failed.slice(0, 3).join('; ')})` : ''}; ` +
      `sends that started more than 5 ms late ${sent.lateStarts}.`,
  );
  console.log(
    `CPU while sending and listening: ${describeCpu(cpu)} (the clients process itself reported ${result.cpuSeconds.toFixed(1)} s while listening).`,
  );
} finally {
  await stopAndReport(server.started, dataDir);
}
