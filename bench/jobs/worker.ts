// One worker process of bench/job-libraries.ts: runs one library's worker on one queue and tells the bench on stdout
//   `ready`                      once the worker is polling or listening,
//   `ran <seq> <epoch ms>`       when a handler starts (mode latency),
//   `count <handled> <epoch ms>` every 50 ms while the count moves (the time is the latest handler start),
//   `cron <epoch ms>`            when the periodic job runs (mode cron).
// On SIGTERM it stops the worker gracefully and writes how often each job ran to resultFile.
// Usage: tsx bench/jobs/worker.ts '<WorkerSpec as JSON>'
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedDatabaseUrl } from '../lib/database-url.ts';
import { epochMs } from '../lib/stats.ts';
import { type LibraryName, libraries, type WorkerSettings } from './libraries.ts';

export interface WorkerSpec {
  library: LibraryName;
  /** The embedded database's directory: the worker reads the URL there, so no password shows in its command line. */
  dataDir: string;
  queue: string;
  settings: WorkerSettings;
  mode: 'latency' | 'throughput' | 'cron';
  /** Jobs carry seq 0..jobs-1. */
  jobs: number;
  resultFile: string;
}

export interface WorkerResult {
  /** How many times this process ran each seq. */
  counts: number[];
}

const STOP_TIMEOUT_MS = 15_000;

const spec = JSON.parse(process.argv[2] ?? '') as WorkerSpec;
const counts = new Array<number>(spec.jobs).fill(0);
let handled = 0;
let lastStart = 0;

const worker = await libraries[spec.library].worker(
  await embeddedDatabaseUrl(spec.dataDir),
  { queue: spec.queue, settings: spec.settings, everyMinute: spec.mode === 'cron' },
  ({ seq }) => {
    const at = epochMs();
    if (seq === undefined) {
      console.log(`cron ${at}`);
      return;
    }
    counts[seq] = (counts[seq] ?? 0) + 1;
    handled++;
    lastStart = at;
    if (spec.mode === 'latency') console.log(`ran ${seq} ${at}`);
  },
);

let reported = 0;
setInterval(() => {
  if (handled === reported) return;
  reported = handled;
  console.log(`count ${handled} ${lastStart}`);
}, 50);
console.log('ready');

process.once('SIGTERM', async () => {
  await Promise.race([worker.stop(), sleep(STOP_TIMEOUT_MS)]);
  writeFileSync(spec.resultFile, JSON.stringify({ counts } satisfies WorkerResult));
  process.exit(0);
});
