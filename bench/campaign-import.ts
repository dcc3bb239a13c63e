// Campaign contact import: how fast readContactsCsv turns an uploaded CSV into batches of contacts. The CSV is made
// in memory (phone, name and three variables; about 1% of rows with a bad phone and 1% repeating an earlier phone),
// then streamed from a Readable in 64 KiB chunks, as a multipart upload arrives, through the importer in this process.
// Run: npm run bench:campaign-import [-- --rows 100000 --runs 3]
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { readContactsCsv } from '../apps/server/src/modules/campaigns/contact-import.ts';
import { formatTable, machineLine } from './lib/processes.ts';
import { waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, summarize } from './lib/stats.ts';

const { values: args } = parseArgs({ options: { rows: { type: 'string' }, runs: { type: 'string' } } });
const ROWS = clamp(args.rows ?? process.env.BENCH_ROWS, 100_000, 1_000, 100_000);
const RUNS = clamp(args.runs ?? process.env.BENCH_RUNS, 3, 1, 10);
const CHUNK_BYTES = 64 * 1024;
const PLANS = ['free', 'basic', 'pro', 'enterprise'];

interface Expected {
  good: number;
  errors: number;
  merged: number;
}

/** Row i's phone: distinct for every i, written the ways people type numbers (spaces, dashes, brackets). */
function phoneOf(i: number): string {
  const n = String(i).padStart(6, '0');
  return i % 2 === 0 ? `+55 11 98${n.slice(0, 3)}-${n.slice(3)}1` : `+1 (415) ${n.slice(0, 3)}-${n.slice(3)}0`;
}

function makeCsv(rows: number): { csv: Buffer; expected: Expected } {
  const lines = ['phone,name,city,plan,order_no'];
  const expected: Expected = { good: 0, errors: 0, merged: 0 };
  for (let i = 0; i < rows; i++) {
    let phone = phoneOf(i);
    if (i % 100 === 37) {
      phone = 'n/a';
      expected.errors++;
    } else if (i % 100 === 71) {
      phone = phoneOf(i - 50);
      expected.merged++;
    } else expected.good++;
    // Every tenth name is quoted because it holds the delimiter, as spreadsheets write "Last, First".
    const name = i % 10 === 0 ? `"Silva, Ana ${i}"` : `Customer ${i}`;
    lines.push(`${phone},${name},City ${i % 500},${PLANS[i % PLANS.length]},ORD-${1_000_000 + i}`);
  }
  return { csv: Buffer.from(`${lines.join('\r\n')}\r\n`), expected };
}

function* inChunks(bytes: Buffer): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
}

async function importOnce(csv: Buffer): Promise<Expected & { seconds: number; cpuSeconds: number; batches: number }> {
  const counts = { good: 0, errors: 0, merged: 0, batches: 0 };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for await (const batch of readContactsCsv(Readable.from(inChunks(csv)))) {
    counts.good += batch.contacts.length;
    counts.errors += batch.errors.length;
    counts.merged += batch.merged;
    counts.batches++;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { ...counts, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

console.log(machineLine());
const { csv, expected } = makeCsv(ROWS);
console.log(
  `CSV: ${ROWS.toLocaleString('en-US')} rows, ${(csv.length / 2 ** 20).toFixed(1)} MiB, streamed in ${CHUNK_BYTES / 1024} KiB chunks`,
);
console.log(`expected: ${expected.good} good, ${expected.errors} errors, ${expected.merged} merged`);
await importOnce(makeCsv(1_000).csv); // warm-up: module loading and JIT out of the first run
await waitForQuietMachineAndSay();

const runs: Awaited<ReturnType<typeof importOnce>>[] = [];
for (let run = 0; run < RUNS; run++) runs.push(await importOnce(csv));

console.log(
  formatTable(
    ['run', 'seconds', 'rows/s', 'CPU s', 'batches', 'good', 'errors', 'merged'],
    runs.map((r, i) => [
      String(i + 1),
      r.seconds.toFixed(3),
      Math.round(ROWS / r.seconds).toLocaleString('en-US'),
      r.cpuSeconds.toFixed(2),
      String(r.batches),
      String(r.good),
      String(r.errors),
      String(r.merged),
    ]),
  ),
);
const median = summarize(runs.map((r) => r.seconds)).p50;
console.log(`median: ${median.toFixed(3)} s, ${Math.round(ROWS / median).toLocaleString('en-US')} rows/s`);
const wrong = runs.filter((r) => r.good !== expected.good || r.errors !== expected.errors || r.merged !== expected.merged);
if (wrong.length > 0) {
  console.log(`COUNTS DIFFER from the expected ones in ${wrong.length} run(s)`);
  process.exitCode = 1;
}
