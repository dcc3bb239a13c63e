import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'bench-admin-password';

export interface Started {
  label: string;
  child: ChildProcess;
  /** Process-group id: children are spawned detached so the whole tree can be inspected and cleaned up. */
  pgid: number;
  spawnedAt: number;
  /** performance.now() when a stdout/stderr line first matched, by pattern source. */
  marks: Map<string, number>;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<Started>();
const tempDirs = new Set<string>();

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // group already gone
  }
}

// Whatever happens to the benchmark, no server, postgres or browser it started is left behind.
process.on('exit', () => {
  for (const s of running) killGroup(s.pgid, 'SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping children`);
    // A graceful stop first so the servers stop their postgres; the exit hook kills whatever is left.
    for (const s of running) killGroup(s.pgid, 'SIGTERM');
    await Promise.race([Promise.all([...running].map((s) => s.exited)), sleep(10_000)]);
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function tempDataDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `wac-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export interface StartOptions {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Output lines whose first appearance is timed, e.g. 'is running at'. */
  watch?: string[];
  /** The checkout to run in (default: this one). */
  cwd?: string;
}

export function startProcess(options: StartOptions): Started {
  const spawnedAt = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!child.pid) throw new Error(`could not spawn ${options.command}`);
  let output = '';
  const marks = new Map<string, number>();
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    // Keep the tail only: enough to explain a failure, bounded in memory.
    output = (output + text).slice(-20_000);
    for (const pattern of options.watch ?? []) {
      if (!marks.has(pattern) && output.includes(pattern)) marks.set(pattern, performance.now());
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const started: Started = { label: options.label, child, pgid: child.pid, spawnedAt, marks, output: () => output, exited };
  running.add(started);
  return started;
}

/** Polls url until it answers 200; resolves with performance.now() of that answer. */
export async function waitFor200(url: string, started: Started, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let exitedEarly = false;
  void started.exited.then(() => {
    exitedEarly = true;
  });
  while (performance.now() < deadline) {
    if (exitedEarly) {
      throw new Error(`${started.label} exited before answering 200 on ${url}. Last output:\n${started.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${started.label}: no 200 on ${url} within ${timeoutMs / 1000} s. Last output:\n${started.output()}`);
}

export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  pgid: number;
  cpuTicks: number;
  cmdline: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may contain spaces; fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat
      .slice(close + 2)
      .trim()
      .split(' ');
    const state = fields[0];
    if (state === 'Z') return null;
    const ppid = Number(fields[1]);
    const pgid = Number(fields[2]);
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid, comm, pgid, cpuTicks, cmdline };
  } catch {
    return null;
  }
}

function allProcs(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) out.push(info);
  }
  return out;
}

function groupProcesses(pgid: number): ProcInfo[] {
  return allProcs().filter((p) => p.pgid === pgid);
}

/** Every live postgres process whose command line names this data directory (any process group). */
export function postgresProcessesFor(dataDir: string): ProcInfo[] {
  const dir = path.join(dataDir, 'postgres');
  return allProcs().filter((p) => p.comm.startsWith('postgres') && p.cmdline.includes(dir));
}

// USER_HZ: 100 on Linux x86-64 (getconf CLK_TCK), the unit of /proc CPU times.
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds of the whole machine so far (all cores), from /proc/stat: `tasks` is time charged to processes
 * (user, nice, system), `interrupts` is irq + softirq + steal, where loopback networking mostly lands.
 */
export function machineCpuSeconds(): { tasks: number; interrupts: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).map(Number);
  return { tasks: (user + nice + system) / CLOCK_TICKS_PER_SECOND, interrupts: (irq + softirq + steal) / CLOCK_TICKS_PER_SECOND };
}

function machineBusySeconds(): number {
  const { tasks, interrupts } = machineCpuSeconds();
  return tasks + interrupts;
}

export function snapshotProcesses(): Map<number, ProcInfo> {
  return new Map(allProcs().map((p) => [p.pid, p]));
}

/** The heaviest processes between two snapshots that are not ours (someone else's tests or builds), for the report. */
export function heaviestOthers(before: Map<number, ProcInfo>, after: Map<number, ProcInfo>, isOurs: (p: ProcInfo) => boolean): string[] {
  return [...after.values()]
    .filter((p) => !isOurs(p) && p.pid !== process.pid)
    .map((p) => ({ p, used: (p.cpuTicks - (before.get(p.pid)?.cpuTicks ?? 0)) / CLOCK_TICKS_PER_SECOND }))
    .filter((x) => x.used >= 0.2)
    .sort((a, b) => b.used - a.used)
    .slice(0, 3)
    .map((x) => `${x.used.toFixed(1)} s ${x.p.cmdline.slice(0, 80)}`);
}

/**
 * Other engineers share this machine: wait (bounded) until the machine is nearly idle so the figures are not
 * someone else's test run. Returns the busy cores seen in the last 2 s sample.
 */
export async function waitForQuietMachine(maxWaitMs = 180_000, threshold = 0.25): Promise<{ busyCores: number; waitedSeconds: number }> {
  const t0 = performance.now();
  let busyCores = 0;
  while (true) {
    const b0 = machineBusySeconds();
    await sleep(2_000);
    busyCores = (machineBusySeconds() - b0) / 2;
    const waited = (performance.now() - t0) / 1000;
    if (busyCores <= threshold || performance.now() - t0 > maxWaitMs) return { busyCores, waitedSeconds: waited };
  }
}

export interface StopReport {
  /** Seconds from SIGTERM until the spawned process exited. */
  topExitSeconds: number;
  /** Seconds from SIGTERM until no process of its group and no postgres for its data directory was left. */
  treeGoneSeconds: number | null;
  exit: string;
  /** Processes still alive 15 s after the spawned process exited. */
  leftovers: string[];
  /** What it took to end the leftovers: SIGTERM to the whole process group, or SIGKILL when that was not enough. */
  cleanup: string | null;
  postmasterPidLeft: boolean;
}

/**
 * Sends SIGTERM to the spawned process only (as a supervisor or `kill <pid>` would), waits for it to exit,
 * then for its whole tree and its embedded postgres to be gone. Leftovers are reported, then sent SIGTERM as a
 * group (a graceful stop, so the next start does not begin with crash recovery), and SIGKILL as a last resort.
 */
export async function stopProcess(started: Started, dataDir?: string): Promise<StopReport> {
  const t0 = performance.now();
  try {
    process.kill(started.child.pid as number, 'SIGTERM');
  } catch {
    // already exited
  }
  const topTimeout = sleep(30_000).then(() => null);
  const result = await Promise.race([started.exited, topTimeout]);
  const topExitSeconds = (performance.now() - t0) / 1000;
  const remaining = () => [
    ...groupProcesses(started.pgid),
    ...(dataDir ? postgresProcessesFor(dataDir).filter((p) => p.pgid !== started.pgid) : []),
  ];
  const waitGone = async (ms: number) => {
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
      if (remaining().length === 0) return true;
      await sleep(20);
    }
    return remaining().length === 0;
  };
  const gone = await waitGone(15_000);
  const treeGoneSeconds = gone ? (performance.now() - t0) / 1000 : null;
  const leftovers = gone ? [] : remaining().map((p) => `${p.pid} ${p.cmdline.slice(0, 100)}`);
  let cleanup: string | null = null;
  if (!gone) {
    const t1 = performance.now();
    killGroup(started.pgid, 'SIGTERM');
    if (await waitGone(15_000)) {
      cleanup = `SIGTERM to the process group ended them in ${((performance.now() - t1) / 1000).toFixed(2)} s`;
    } else {
      killGroup(started.pgid, 'SIGKILL');
      for (const p of remaining()) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      await waitGone(5_000);
      cleanup = 'SIGTERM to the process group was not enough; SIGKILL sent';
    }
  }
  running.delete(started);
  const postmasterPidLeft = dataDir ? existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')) : false;
  const exit = result === null ? 'did not exit within 30 s' : result.signal ? `signal ${result.signal}` : `code ${result.code}`;
  return { topExitSeconds, treeGoneSeconds, exit, leftovers, cleanup, postmasterPidLeft };
}

export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  };
}

/**
 * Starts the real server alone (`tsx apps/server/src/main.ts`, of this checkout or of `tree`, another one with its
 * own node_modules) and waits for GET /api/health to answer 200.
 */
export async function startServer(label: string, dataDir: string, extraEnv: Record<string, string> = {}, tree = repoRoot) {
  const port = await freePort();
  const started = startProcess({
    label,
    command: path.join(tree, 'node_modules', '.bin', 'tsx'),
    args: ['apps/server/src/main.ts'],
    env: { ...serverEnv(port, dataDir), ...extraEnv },
    watch: ['is running at'],
    cwd: tree,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor200(`${baseUrl}/api/health`, started, 180_000);
  return { started, baseUrl, port };
}

/** Starts a bare Fastify server to compare with (`tsx bench/<script>`) on a free port and waits for `readyPath` to answer 200. */
export async function startBareServer(label: string, script: string, readyPath: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const started = startProcess({
    label,
    command: path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    args: [script],
    env: { PORT: String(port), ...env },
  });
  await waitFor200(`http://127.0.0.1:${port}${readyPath}`, started, 60_000);
  return { started, port };
}

export function formatTable(header: string[], rows: string[][]): string {
  const bad = rows.find((r) => r.length !== header.length);
  if (bad) throw new Error(`table row has ${bad.length} cells for ${header.length} columns: ${bad.join(' | ')}`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load}`;
}
