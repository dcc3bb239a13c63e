// Flow engine: how many nodes and advances per second the bot-flow engine runs by itself, in this process. No
// database and no network: the HTTP actions' callHttp answers at once with a fixed JSON body, so the figures are the
// engine's own work (reading the graph, filling placeholders, conditions, response mappings, building replies).
// Scenarios:
// - chain-50: a 50-node flow of messages, conditions (equals / contains / greater_than / starts_with), set_variable
//   and a few http_request actions, run from its start node to the end: one advance runs 50 nodes.
// - chain-1000: the largest flow a save accepts (1,000 nodes), run from start to end in one advance.
// - question loop: start, greeting, then a question with 3 options whose answers go through a set_variable and a
//   condition back to the same question; each advance is one customer answer (by button id, by typed title, by
//   number, and one in eight matching nothing, which re-asks).
// Run: npm run bench:flow-engine [-- --seconds 2 --runs 3]
import { parseArgs } from 'node:util';
import type { FlowGraph } from '@wac/contract/flows';
import { advance, initialState } from '../apps/server/src/modules/flows/flow-engine.ts';
import type { EngineDeps, EngineEvent, EngineState, HttpActionResult } from '../apps/server/src/modules/flows/flow-engine.types.ts';
import { formatTable, machineLine } from './lib/processes.ts';
import { waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, summarize } from './lib/stats.ts';

const { values: args } = parseArgs({ options: { seconds: { type: 'string' }, runs: { type: 'string' } } });
const SECONDS = clamp(args.seconds ?? process.env.BENCH_SECONDS, 2, 0.2, 30);
const RUNS = clamp(args.runs ?? process.env.BENCH_RUNS, 3, 1, 10);

const at = { x: 0, y: 0 };
const answer: HttpActionResult = { ok: true, status: 200, body: { order: { status: 'shipped', total: 42.5, lines: [{ sku: 'A1' }] } } };
const deps: EngineDeps = { callHttp: async () => answer, maxSteps: 2_000 };

/** start, then `count - 1` nodes in a chain, cycling message / condition / set_variable, an HTTP action every 10th. */
function chainFlow(count: number): FlowGraph {
  const nodes: Record<string, unknown>[] = [{ id: 'n0', type: 'start', position: at, data: {} }];
  const edges: Record<string, unknown>[] = [];
  const link = (source: string, target: string, sourceHandle?: string) =>
    edges.push({ id: `e${edges.length}`, source, target, sourceHandle, type: 'smoothstep', animated: true });
  const conditions = [
    { variable: 'topic', operator: 'equals', value: 'Sales' },
    { variable: 'name', operator: 'contains', value: 'silva' },
    { variable: 'score', operator: 'greater_than', value: '{{limit}}' },
    { variable: 'order_status', operator: 'starts_with', value: 'ship' },
  ];
  for (let k = 1; k < count; k++) {
    const id = `n${k}`;
    const previous = nodes[k - 1] as { id: string; type: string };
    if (k % 10 === 5)
      nodes.push({
        id,
        type: 'action',
        position: at,
        data: {
          actionType: 'http_request',
          url: 'https://api.example.com/orders/{{order_id}}?customer={{name}}',
          headers: { Authorization: 'Bearer {{token}}' },
          responseMapping: [
            { variable: 'order_status', path: 'order.status' },
            { variable: 'sku', path: 'order.lines.0.sku' },
          ],
        },
      });
    else if (k % 3 === 0) nodes.push({ id, type: 'condition', position: at, data: conditions[k % conditions.length] });
    else if (k % 3 === 1)
      nodes.push({ id, type: 'message', position: at, data: { message: `Step ${k} for {{name}}: your order is {{order_status}}` } });
    else
      nodes.push({
        id,
        type: 'action',
        position: at,
        data: { actionType: 'set_variable', variable: `v${k % 7}`, value: '{{name}} #{{score}}' },
      });
    if (previous.type === 'condition') {
      link(previous.id, id, 'true');
      link(previous.id, id, 'false');
    } else link(previous.id, id);
  }
  return { nodes, edges } as FlowGraph;
}

/** start → greeting → question (3 options) → set_variable → condition → back to the question, either way. */
function questionLoop(): FlowGraph {
  const nodes = [
    { id: 'start', type: 'start', position: at, data: {} },
    { id: 'hello', type: 'message', position: at, data: { message: 'Hi {{name}}!' } },
    {
      id: 'ask',
      type: 'quickReply',
      position: at,
      data: {
        question: 'What do you need, {{name}}?',
        variable: 'topic',
        options: [
          { id: 'sales', title: 'Sales' },
          { id: 'support', title: 'Support' },
          { id: 'billing', title: 'Billing' },
        ],
        timeoutMinutes: 60,
      },
    },
    { id: 'count', type: 'action', position: at, data: { actionType: 'set_variable', variable: 'last', value: '{{topic}} again' } },
    { id: 'check', type: 'condition', position: at, data: { variable: 'topic', operator: 'equals', value: 'Sales' } },
    { id: 'sales', type: 'message', position: at, data: { message: 'Sales will call you, {{name}}.' } },
  ];
  const edges = [
    ['start', 'hello'],
    ['hello', 'ask'],
    ['ask', 'count', 'sales'],
    ['ask', 'count', 'support'],
    ['ask', 'count', 'billing'],
    ['count', 'check'],
    ['check', 'sales', 'true'],
    ['check', 'ask', 'false'],
    ['sales', 'ask'],
  ].map(([source, target, sourceHandle], k) => ({ id: `e${k}`, source, target, sourceHandle, type: 'smoothstep', animated: true }));
  return { nodes, edges } as FlowGraph;
}

const variables = { name: 'Ana Silva', phone: '+5511987654321', topic: 'Sales', score: '17', limit: '10', order_id: '7', token: 't0k' };

interface Measure {
  advances: number;
  nodes: number;
  seconds: number;
}

/** Runs the whole flow from start again and again for about SECONDS. */
async function runChain(graph: FlowGraph, expectedNodes: number): Promise<Measure> {
  let advances = 0;
  let nodes = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 20; k++) {
      const result = await advance(graph, initialState(variables), { kind: 'start' }, deps);
      if (result.state.endedReason !== 'completed' || result.visited.length !== expectedNodes)
        throw new Error(`chain ended ${result.state.endedReason} after ${result.visited.length} nodes`);
      advances++;
      nodes += result.visited.length;
    }
  }
  return { advances, nodes, seconds: (performance.now() - t0) / 1000 };
}

const answers: EngineEvent[] = [
  { kind: 'input', id: 'support' },
  { kind: 'input', text: 'billing' },
  { kind: 'input', text: '1' },
  { kind: 'input', id: 'billing' },
  { kind: 'input', text: ' SUPPORT ' },
  { kind: 'input', text: '2' },
  { kind: 'input', id: 'sales' },
  { kind: 'input', text: 'pizza please' },
];

/** One session answering the question again and again; a run that ends (it should not) starts a new session. */
async function runQuestions(graph: FlowGraph): Promise<Measure> {
  let state: EngineState = (await advance(graph, initialState(variables), { kind: 'start' }, deps)).state;
  let advances = 0;
  let nodes = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k++) {
      const result = await advance(graph, state, answers[advances % answers.length] as EngineEvent, deps);
      if (result.state.status !== 'waiting') throw new Error(`question loop stopped: ${result.state.endedReason}`);
      state = result.state;
      advances++;
      nodes += result.visited.length;
    }
  }
  return { advances, nodes, seconds: (performance.now() - t0) / 1000 };
}

const scenarios: { name: string; measure: () => Promise<Measure> }[] = [
  { name: 'chain-50 from start', measure: () => runChain(chainFlow(50), 50) },
  { name: 'chain-1000 from start', measure: () => runChain(chainFlow(1_000), 1_000) },
  { name: 'question loop answers', measure: () => runQuestions(questionLoop()) },
];

console.log(machineLine());
console.log(`each scenario: ${RUNS} run(s) of about ${SECONDS} s, one advance at a time (awaited), callHttp answering at once`);
for (const scenario of scenarios) await scenario.measure(); // warm-up: JIT and module loading out of the measured runs
await waitForQuietMachineAndSay();

const rows: string[][] = [];
const medians: string[] = [];
for (const scenario of scenarios) {
  const runs: Measure[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await scenario.measure());
  for (const [k, r] of runs.entries())
    rows.push([
      scenario.name,
      String(k + 1),
      r.advances.toLocaleString('en-US'),
      r.nodes.toLocaleString('en-US'),
      r.seconds.toFixed(2),
      Math.round(r.advances / r.seconds).toLocaleString('en-US'),
      Math.round(r.nodes / r.seconds).toLocaleString('en-US'),
      ((r.seconds / r.advances) * 1e6).toFixed(1),
    ]);
  const advancesPerSecond = summarize(runs.map((r) => r.advances / r.seconds)).p50;
  const nodesPerSecond = summarize(runs.map((r) => r.nodes / r.seconds)).p50;
  medians.push(
    `${scenario.name}: ${Math.round(advancesPerSecond).toLocaleString('en-US')} advances/s, ${Math.round(nodesPerSecond).toLocaleString('en-US')} nodes/s (median)`,
  );
}
console.log(formatTable(['scenario', 'run', 'advances', 'nodes run', 'seconds', 'advances/s', 'nodes/s', 'µs/advance'], rows));
for (const line of medians) console.log(line);
