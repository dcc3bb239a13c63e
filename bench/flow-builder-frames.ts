// Bot flow builder on a large flow: how long /bot-flows/{id} takes to draw a 500-node flow, and how smooth the canvas
// stays while it is panned. The real server serves the production build of the web app; a 500-node flow (messages,
// conditions, quick replies and actions on a grid, bench/lib/grid-flow.ts) is saved through POST /api/flows; headless
// Chromium opens it as the signed-in admin and:
// - open: from the navigation's start to the first frame in which every node is drawn and measured and every edge is
//   drawn (the nodes React Flow renders: all of them, or with onlyRenderVisibleElements the ones in view), then
//   "quiet", when the main thread's last long task (> 50 ms) before one second without any ended;
// - drag: the pane dragged with the mouse, 60 moves over 2 s; wheel: 60 wheel notches over 2 s (the builder's wheel
//   zooms, in then out, as React Flow's default does).
// During each, a requestAnimationFrame loop in the page notes every frame's interval; a Chromium trace counts the
// renderer main thread's tasks over 16.7 ms (the work that makes a frame late) and how busy it was. Headless Chromium
// draws at 60 Hz, so an interval is one vsync (16.7 ms) when the frame was on time and two or more when frames were
// dropped: "on time" is an interval under 1.5 vsyncs (the vsync measured on a blank page of the same browser).
// Each run waits for the machine to be nearly idle and is repeated (at most 3 attempts) when other people's processes
// used more than 10% of the CPU during its gestures.
// Run: npx tsx bench/flow-builder-frames.ts [--runs 3 --nodes 500 --profile /tmp/builder-profiles]
//   --profile writes a CPU profile (.cpuprofile, for Chrome's DevTools) of each run's drag and wheel, and prints the
//   functions with the most self time; those runs are measured under the profiler instead of the tracer.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { validateFlow } from '@wac/contract/flow-validation';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { signIn } from '../e2e/support/session.ts';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { type CpuRole, type CpuUsage, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { gridFlow } from './lib/grid-flow.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  formatTable,
  machineLine,
  snapshotProcesses,
  startProcess,
  startServer,
  stopProcess,
  tempDataDir,
} from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, ms, summarize } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: { runs: { type: 'string' }, nodes: { type: 'string' }, profile: { type: 'string' } },
});
const RUNS = clamp(args.runs ?? process.env.BENCH_RUNS, 3, 1, 10);
const NODES = clamp(args.nodes, 500, 10, 1_000);
const PROFILE_DIR = args.profile ? path.resolve(args.profile) : null;
const VIEWPORT = { width: 1440, height: 900 };
const GESTURE_MS = 2_000;
const STEPS = 60;
const OPEN_TIMEOUT_MS = 60_000;
const MAX_ATTEMPTS = 3;
/** A run during which other processes used more than this share of the machine's CPU is repeated. */
const INTERFERENCE_SHARE = 0.1;

const say = (line = '') => console.log(line);

/** Builds the web app when its sources changed since the last build (what npm start does). */
async function buildWebIfStale(): Promise<string> {
  const build = startProcess({ label: 'web build', command: process.execPath, args: ['scripts/build-web-if-stale.mjs'] });
  const timeout = sleep(300_000, null, { ref: false });
  const result = await Promise.race([build.exited, timeout]);
  await stopProcess(build);
  if (result?.code !== 0) throw new Error(`web build failed (${result ? `code ${result.code}` : 'timed out'}):\n${build.output()}`);
  return build.output().includes('up to date') ? 'apps/web/dist is up to date' : 'apps/web/dist was stale: built it';
}

/**
 * Runs in the page before its own scripts: observers for long tasks and long animation frames from the start, a
 * frame loop that notes when every node and edge is drawn, and a recorder of frame intervals for the gestures.
 */
const pageProbe = (edges: [string, string][]) => `(() => {
  const longTasks = [];
  const longFrames = [];
  const observe = (type, list) => {
    try {
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries()) list.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration || 0 });
      }).observe({ type, buffered: true });
      return true;
    } catch { return false; }
  };
  const supported = { longtask: observe('longtask', longTasks), loaf: observe('long-animation-frame', longFrames) };
  const edges = ${JSON.stringify(edges)};
  let drawnAt = null;
  let drawn = null;
  let recording = null;
  let looping = false;
  // Drawn: every node React Flow rendered is measured (unmeasured ones are hidden) and every edge between two of them is drawn.
  const allDrawn = () => {
    const shown = document.querySelectorAll('.react-flow__node');
    if (shown.length === 0) return null;
    const ids = new Set();
    for (const node of shown) {
      if (node.style.visibility === 'hidden') return null;
      ids.add(node.getAttribute('data-id'));
    }
    const needed = edges.filter(([source, target]) => ids.has(source) && ids.has(target)).length;
    const drawnEdges = document.querySelectorAll('.react-flow__edge').length;
    const view = document.querySelector('.react-flow__viewport')?.style.transform ?? '';
    return drawnEdges >= needed ? { nodes: shown.length, edges: drawnEdges, view } : null;
  };
  // The first of two frames in a row that show the same drawn view: not one that the view's fitting then moves.
  let candidate = null;
  const tick = (now) => {
    if (drawnAt === null) {
      const seen = allDrawn();
      const key = seen && seen.nodes + '/' + seen.edges + '/' + seen.view;
      if (seen && candidate && candidate.key === key) { drawnAt = candidate.at; drawn = seen; }
      else candidate = seen && { at: now, key };
    }
    if (recording) {
      if (recording.last !== null) recording.frames.push(now - recording.last);
      recording.last = now;
    }
    looping = drawnAt === null || recording !== null;
    if (looping) requestAnimationFrame(tick);
  };
  const loop = () => { if (!looping) { looping = true; requestAnimationFrame(tick); } };
  loop();
  const within = (list, from, to) => list.filter((e) => e.start >= from && e.start < to);
  window.__builderBench = {
    supported,
    opened: () => ({ drawnAt, drawn, now: performance.now(), longTasks }),
    start: (label) => {
      console.timeStamp('bench:' + label + ':start');
      recording = { label, from: performance.now(), last: null, frames: [] };
      loop();
    },
    stop: () => {
      const done = recording;
      recording = null;
      const to = performance.now();
      console.timeStamp('bench:' + done.label + ':stop');
      return { frames: done.frames, seconds: (to - done.from) / 1000, longTasks: within(longTasks, done.from, to), longFrames: within(longFrames, done.from, to) };
    },
    // The nearest point to (wantX, wantY) where the pane itself is hit (no node, edge or label), searched in rings.
    emptySpot: (wantX, wantY) => {
      const pane = document.querySelector('.react-flow__pane');
      if (!pane) return null;
      const box = pane.getBoundingClientRect();
      const inside = (x, y) => x > box.left + 40 && x < box.right - 40 && y > box.top + 40 && y < box.bottom - 40;
      for (let r = 0; r <= 400; r += 8)
        for (let a = 0; a < 360; a += r === 0 ? 360 : Math.max(5, 360 / (r / 4))) {
          const x = Math.round(wantX + r * Math.cos((a * Math.PI) / 180));
          const y = Math.round(wantY + r * Math.sin((a * Math.PI) / 180));
          if (inside(x, y) && document.elementFromPoint(x, y) === pane)
            return { x, y, box: { left: box.left, top: box.top, width: box.width, height: box.height } };
        }
      return null;
    },
  };
})();`;

interface Gesture {
  frames: number[];
  seconds: number;
  longTasks: { start: number; duration: number }[];
  longFrames: { start: number; duration: number; blocking: number }[];
}

interface MainThread {
  tasks: number;
  over16: number;
  over50: number;
  longest: number;
  busyShare: number;
  /** Where the main thread's time went: the trace events with the most self time, in ms over the gesture. */
  activities: [string, number][];
  /** Tile rasterisation on the renderer's raster threads (ms), which shares the machine's cores with the main thread. */
  raster: number;
}

interface Run {
  drawnAt: number;
  quietAt: number;
  drawn: { nodes: number; edges: number; view: string };
  vsync: number;
  /** The canvas's frame interval with nothing moving (p50). */
  idle: number;
  /** Whether this Chromium reports PerformanceObserver 'longtask' and 'long-animation-frame' entries. */
  supported: { longtask: boolean; loaf: boolean };
  gestures: Record<'drag' | 'wheel', Gesture & { mainThread: MainThread | null }>;
  /** CPU time from the drag's start to the wheel's end, by process. */
  cpu: CpuUsage;
}

type Probe = 'opened' | 'start' | 'stop' | 'emptySpot' | 'supported';
const probe = <T>(page: Page, call: Probe, ...values: unknown[]) =>
  page.evaluate(
    `(() => { const p = window.__builderBench; return typeof p.${call} === 'function' ? p.${call}(...${JSON.stringify(values)}) : p.${call}; })()`,
  ) as Promise<T>;

/** Waits until a fixed time after t0, so gestures keep their pace whatever each step costs. */
const until = async (t0: number, at: number) => {
  const wait = t0 + at - performance.now();
  if (wait > 0) await sleep(wait);
};

/** The browser's vsync: the median frame interval of a blank page, over 60 frames. */
async function blankVsync(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  const frames = (await page.evaluate(`new Promise((resolve) => {
    const frames = [];
    let last = null;
    const tick = (now) => {
      if (last !== null) frames.push(now - last);
      last = now;
      if (frames.length < 60) requestAnimationFrame(tick);
      else resolve(frames);
    };
    requestAnimationFrame(tick);
  })`)) as number[];
  await page.close();
  return summarize(frames).p50;
}

/** The canvas's frame interval with nothing moving, over one second. */
async function idleFrame(page: Page): Promise<number> {
  await probe(page, 'start', 'idle');
  await sleep(1_000);
  const idle = await probe<Gesture>(page, 'stop');
  return summarize(idle.frames).p50;
}

interface Spot {
  x: number;
  y: number;
  box: { left: number; top: number; width: number; height: number };
}

/** An empty point of the pane near (x, y), found before a gesture is recorded. */
async function emptySpot(page: Page, x: number, y: number): Promise<Spot> {
  const spot = await probe<Spot | null>(page, 'emptySpot', x, y);
  if (!spot) throw new Error(`no empty spot on the pane near ${x}, ${y}`);
  return spot;
}

async function drag(page: Page, spot: Spot): Promise<void> {
  // Up and to the left, as far as the pane allows (at most 400 x 200 px), and back a little at the end.
  const dx = Math.min(400, spot.x - spot.box.left - 20);
  const dy = Math.min(200, spot.y - spot.box.top - 20);
  await page.mouse.move(spot.x, spot.y);
  await page.mouse.down();
  const t0 = performance.now();
  for (let k = 1; k <= STEPS; k++) {
    await until(t0, (k * GESTURE_MS) / STEPS);
    const f = k <= 50 ? k / 50 : 1 - (k - 50) / 40;
    await page.mouse.move(spot.x - dx * f, spot.y - dy * f);
  }
  await page.mouse.up();
}

/** Wheel notches where the mouse is (on an empty point of the pane). */
async function wheel(page: Page): Promise<void> {
  const t0 = performance.now();
  // 30 notches in (about x5 at React Flow's wheel speed), 30 back out.
  for (let k = 1; k <= STEPS; k++) {
    await until(t0, (k * GESTURE_MS) / STEPS);
    await page.mouse.wheel(0, k <= STEPS / 2 ? -40 : 40);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/** The renderer main thread's tasks between each gesture's start and stop marks (console.timeStamp). */
function mainThreadOf(trace: Buffer): Record<string, MainThread> {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith('bench:'));
  const first = marks[0];
  if (!first) return {};
  const main = { pid: first.pid, tid: first.tid };
  const onMain = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const raster = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.name === 'RasterTask');
  const result: Record<string, MainThread> = {};
  for (const start of marks.filter((m) => m.args?.data?.message?.endsWith(':start'))) {
    const label = start.args?.data?.message?.split(':')[1] ?? '';
    const stop = marks.find((m) => m.args?.data?.message === `bench:${label}:stop`);
    if (!stop) continue;
    const within = (e: TraceEvent) => e.ts >= start.ts && e.ts < stop.ts;
    const inside = tasks.filter(within).map((t) => (t.dur ?? 0) / 1000);
    const span = (stop.ts - start.ts) / 1000;
    result[label] = {
      tasks: inside.length,
      over16: inside.filter((d) => d > 16.7).length,
      over50: inside.filter((d) => d > 50).length,
      longest: Math.max(0, ...inside),
      busyShare: inside.reduce((sum, d) => sum + d, 0) / span,
      activities: selfTimes(onMain.filter(within)),
      raster: raster.filter(within).reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0),
    };
  }
  return result;
}

/** Self time (its duration less its children's) per event name, of properly nested events sorted by start; top 6 in ms. */
function selfTimes(nested: TraceEvent[]): [string, number][] {
  const self = new Map<string, number>();
  const open: { name: string; end: number }[] = [];
  const add = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us / 1000);
  for (const e of nested) {
    const dur = e.dur ?? 0;
    while (open.length > 0 && (open.at(-1)?.end ?? 0) <= e.ts) open.pop();
    const parent = open.at(-1);
    if (parent) add(parent.name, -dur);
    add(e.name, dur);
    open.push({ name: e.name, end: e.ts + dur });
  }
  return [...self.entries()]
    .filter(([name]) => name !== 'RunTask')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The functions with the most self time in a CPU profile. */
function topFunctions(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, count = 15): string[][] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, k) => {
    const frame = byNode.get(id)?.callFrame;
    const dt = (profile.timeDeltas[k] ?? 0) / 1000;
    total += dt;
    if (!frame) return;
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, t]) => [name, ms(t), `${((100 * t) / total).toFixed(1)}%`]);
}

/** Chromium's process group: Playwright starts the browser as a group of its own. */
function browserGroup(): number {
  const browser = [...snapshotProcesses().values()].find((p) => p.ppid === process.pid && p.cmdline.includes('chromium'));
  if (!browser) throw new Error('the browser process was not found');
  return browser.pgid;
}

async function measure(
  browser: Browser,
  context: BrowserContext,
  url: string,
  edges: [string, string][],
  run: number,
  roles: CpuRole[],
): Promise<Run> {
  const vsync = await blankVsync(context);
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: pageProbe(edges) });
    await page.goto(url, { waitUntil: 'commit', timeout: OPEN_TIMEOUT_MS });
    // Drawn, then quiet: one second after the last long task.
    const deadline = performance.now() + OPEN_TIMEOUT_MS;
    let opened = await probe<{ drawnAt: number | null; drawn: Run['drawn'] | null; now: number; longTasks: Gesture['longTasks'] }>(
      page,
      'opened',
    );
    while (opened.drawnAt === null || opened.now - Math.max(opened.drawnAt, ...opened.longTasks.map((t) => t.start + t.duration)) < 1_000) {
      if (performance.now() > deadline) {
        const shown = await page.locator('.react-flow__node').count();
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300);
        throw new Error(`the flow was not drawn within ${OPEN_TIMEOUT_MS / 1000} s (${shown} nodes on ${page.url()}: "${text}")`);
      }
      await sleep(100);
      opened = await probe(page, 'opened');
    }
    const drawnAt = opened.drawnAt;
    const quietAt = Math.max(drawnAt, ...opened.longTasks.map((t) => t.start + t.duration));
    const idle = await idleFrame(page);
    const supported = await probe<Run['supported']>(page, 'supported');

    // The warm-up (run 0) is neither profiled nor traced.
    const session = PROFILE_DIR && run > 0 ? await context.newCDPSession(page) : null;
    if (session) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      await session.send('Profiler.start');
    } else if (!PROFILE_DIR && run > 0) {
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    }
    const centre = await page.locator('.react-flow__pane').boundingBox();
    if (!centre) throw new Error('no pane on the page');
    const cx = centre.x + centre.width / 2;
    const cy = centre.y + centre.height / 2;
    const dragFrom = await emptySpot(page, cx + centre.width / 4, cy + centre.height / 4);
    const cpuBefore = cpuMark();
    await probe(page, 'start', 'drag');
    await drag(page, dragFrom);
    const dragged = await probe<Gesture>(page, 'stop');
    const wheelAt = await emptySpot(page, cx, cy);
    await page.mouse.move(wheelAt.x, wheelAt.y);
    await sleep(300);
    await probe(page, 'start', 'wheel');
    await wheel(page);
    const wheeled = await probe<Gesture>(page, 'stop');
    const cpu = cpuBetween(cpuBefore, cpuMark(), roles);
    let mainThread: Record<string, MainThread> = {};
    if (session && PROFILE_DIR) {
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      const file = path.join(PROFILE_DIR, `flow-builder-run${run}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      say(`run ${run}: CPU profile of the drag and the wheel written to ${file}; most self time:`);
      say(formatTable(['function', 'self ms', 'share'], topFunctions(profile)));
    } else if (!PROFILE_DIR && run > 0) {
      mainThread = mainThreadOf(await browser.stopTracing());
    }
    return {
      drawnAt,
      quietAt,
      drawn: opened.drawn ?? { nodes: 0, edges: 0, view: '' },
      vsync,
      idle,
      supported,
      cpu,
      gestures: {
        drag: { ...dragged, mainThread: mainThread.drag ?? null },
        wheel: { ...wheeled, mainThread: mainThread.wheel ?? null },
      },
    };
  } finally {
    await page.close();
  }
}

const onTime = (frames: number[], vsync: number) => frames.filter((f) => f < vsync * 1.5).length / Math.max(1, frames.length);
const pct = (share: number) => `${(100 * share).toFixed(1)}%`;

function gestureRow(label: string, run: number, r: Run, g: Run['gestures']['drag']): string[] {
  const s = summarize(g.frames);
  const m = g.mainThread;
  return [
    `${run}`,
    label,
    g.seconds.toFixed(1),
    String(s.count),
    ms(s.p50),
    ms(s.p95),
    ms(s.p99),
    ms(s.max),
    pct(onTime(g.frames, r.vsync)),
    m ? `${m.over16} / ${m.over50}` : '-',
    m ? ms(m.longest) : '-',
    m ? pct(m.busyShare) : '-',
    `${g.longTasks.length} / ${g.longFrames.length}`,
  ];
}

async function main(): Promise<void> {
  say('Flow builder: time to open a large flow, and the frames while its canvas is panned (headless Chromium)');
  say(machineLine());
  say(await buildWebIfStale());
  const flow = gridFlow(NODES, `Bench ${NODES} nodes`);
  const checked = validateFlow(flow);
  if (!checked.ok) throw new Error(`the generated flow is not valid: ${checked.errors[0]?.message}`);
  const counts = new Map<string, number>();
  for (const node of flow.nodes) counts.set(node.type, (counts.get(node.type) ?? 0) + 1);
  say(
    `flow: ${flow.nodes.length} nodes (${[...counts].map(([type, n]) => `${n} ${type}`).join(', ')}), ${flow.edges.length} edges, ` +
      `valid with ${checked.warnings.length} warnings`,
  );
  if (PROFILE_DIR) await mkdir(PROFILE_DIR, { recursive: true });
  if (PROFILE_DIR) say(`CPU profiles to ${PROFILE_DIR} (figures measured under the profiler, no trace)`);

  const dataDir = await tempDataDir('flow-builder');
  const server = await startServer('server', dataDir);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const roles: CpuRole[] = [
    { name: 'chromium', pgid: browserGroup() },
    { name: 'server', pgid: server.started.pgid },
    { name: 'postgres', postgresOf: dataDir },
    { name: 'bench', self: true },
  ];
  try {
    const token = await signInAsAdmin(server.baseUrl);
    const res = await fetch(`${server.baseUrl}/api/flows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(flow),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`POST /api/flows: HTTP ${res.status} ${text.slice(0, 300)}`);
    const saved = JSON.parse(text) as { id: number; nodes: unknown[]; edges: { source: string; target: string }[] };
    const pairs = saved.edges.map((e): [string, string] => [e.source, e.target]);
    const url = `${server.baseUrl}/bot-flows/${saved.id}`;
    say(`server ${server.baseUrl}; flow saved as ${url} (${saved.nodes.length} nodes, ${saved.edges.length} edges)`);

    // Signed in once through the login form; each run opens the flow in a new context with that session and an empty cache.
    const login = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT });
    await signIn(await login.newPage(), ADMIN_USERNAME, ADMIN_PASSWORD);
    const storageState = await login.storageState();
    await login.close();
    say(`Chromium ${browser.version()}, headless, ${VIEWPORT.width}x${VIEWPORT.height}, flags: ${chromiumLaunchOptions.args.join(' ')}`);

    // A first open that is not measured: the server's and Chromium's caches warm, as for a returning author.
    const warm = await browser.newContext({ storageState, viewport: VIEWPORT });
    await measure(browser, warm, url, pairs, 0, roles).catch((err: Error) => {
      throw new Error(`warm-up open failed: ${err.message}`);
    });
    await warm.close();

    // Other people's processes share the 2 cores: a run they disturbed is repeated (bounded), the least disturbed kept.
    const runs: (Run & { attempts: number })[] = [];
    for (let run = 1; run <= RUNS; run++) {
      let best: Run | null = null;
      let attempts = 0;
      while (attempts < MAX_ATTEMPTS) {
        attempts++;
        await waitForQuietMachineAndSay();
        const context = await browser.newContext({ storageState, viewport: VIEWPORT });
        const measured = await measure(browser, context, url, pairs, run, roles);
        await context.close();
        if (!best || measured.cpu.others < best.cpu.others) best = measured;
        if (measured.cpu.others <= INTERFERENCE_SHARE * measured.cpu.seconds * os.cpus().length) break;
        say(
          `  run ${run} disturbed: other processes used ${measured.cpu.others.toFixed(1)} CPU s (${measured.cpu.heaviestOthers.join('; ')}); repeating`,
        );
      }
      if (best) runs.push({ ...best, attempts });
    }

    say();
    say('Open (ms from the navigation; drawn = every rendered node measured and every edge drawn):');
    say(
      formatTable(
        ['run', 'drawn', 'quiet', 'nodes / edges in the DOM', 'zoom', 'idle canvas frame p50', 'vsync (blank page)'],
        runs.map((r, k) => [
          `${k + 1}`,
          ms(r.drawnAt, 0),
          ms(r.quietAt, 0),
          `${r.drawn.nodes} / ${r.drawn.edges}`,
          /scale\(([\d.]+)\)/.exec(r.drawn.view)?.[1] ?? '?',
          ms(r.idle, 1),
          ms(r.vsync, 2),
        ]),
      ),
    );
    say();
    say(
      `Gestures: ${STEPS} mouse moves or wheel notches paced over ${GESTURE_MS / 1000} s (s: how long they took; each waits for the page to take it); frame intervals in ms (requestAnimationFrame deltas):`,
    );
    say(
      formatTable(
        [
          'run',
          'gesture',
          's',
          'frames',
          'p50',
          'p95',
          'p99',
          'max',
          'on time',
          'tasks >16.7/>50 ms',
          'longest task',
          'main busy',
          'longtask / LoAF',
        ],
        runs.flatMap((r, k) => [gestureRow('drag', k + 1, r, r.gestures.drag), gestureRow('wheel', k + 1, r, r.gestures.wheel)]),
      ),
    );
    say(
      '"on time": frames whose interval is under 1.5 vsyncs (no vsync missed). Tasks: the renderer main thread\'s tasks (trace ' +
        'RunTask) during the gesture over 16.7 and 50 ms; "main busy": the share of the gesture the main thread ran tasks. ' +
        'longtask / LoAF: PerformanceObserver entries (over 50 ms) in the page.',
    );
    if (!PROFILE_DIR) {
      say();
      say("Where the main thread went during each gesture (trace events by self time, ms), and the raster threads' work:");
      say(
        formatTable(
          ['run', 'gesture', 'main thread, most self time first', 'raster ms'],
          runs.flatMap((r, k) =>
            (['drag', 'wheel'] as const).map((label) => {
              const m = r.gestures[label].mainThread;
              return [
                `${k + 1}`,
                label,
                m ? m.activities.map(([name, t]) => `${name} ${t.toFixed(0)}`).join(', ') : '-',
                m ? m.raster.toFixed(0) : '-',
              ];
            }),
          ),
        ),
      );
    }
    say();
    say("CPU from the drag's start to the wheel's end (others: processes on the machine that are not this run's):");
    for (const [k, r] of runs.entries())
      say(
        `run ${k + 1} (attempts: ${r.attempts}): ${describeCpu(r.cpu)}${r.cpu.heaviestOthers.length ? `; heaviest others: ${r.cpu.heaviestOthers.join('; ')}` : ''}`,
      );
    const support = runs[0]?.supported;
    say(
      `PerformanceObserver in this Chromium: longtask ${support?.longtask ? 'yes' : 'NOT supported'}, long-animation-frame ${support?.loaf ? 'yes' : 'NOT supported'}.`,
    );
    const median = (values: number[]) => summarize(values).p50;
    const gestureSummary = (label: 'drag' | 'wheel') => {
      const frames = runs.flatMap((r) => r.gestures[label].frames);
      const onTimeFrames = runs.reduce((n, r) => n + onTime(r.gestures[label].frames, r.vsync) * r.gestures[label].frames.length, 0);
      const over16 = runs.reduce((n, r) => n + (r.gestures[label].mainThread?.over16 ?? 0), 0);
      return (
        `${pct(onTimeFrames / Math.max(1, frames.length))} of ${frames.length} frames on time, p95 ${ms(summarize(frames).p95)} ms` +
        (PROFILE_DIR ? '' : `, ${over16} main-thread tasks over 16.7 ms`)
      );
    };
    say();
    say(
      `builder: a ${saved.nodes.length}-node flow is drawn ${ms(median(runs.map((r) => r.drawnAt)), 0)} ms after the navigation ` +
        `(median of ${RUNS}; main thread quiet at ${ms(median(runs.map((r) => r.quietAt)), 0)} ms); ` +
        `panning by drag: ${gestureSummary('drag')}; wheel zoom: ${gestureSummary('wheel')}`,
    );
  } finally {
    await browser.close();
    await stopAndReport(server.started, dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
