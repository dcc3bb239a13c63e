/**
 * The bot-flow engine: pure logic that moves one customer's session through a flow graph (spec 3). It reads no
 * database and makes no call of its own; the only outside effect is `deps.callHttp` for HTTP actions. The caller
 * stores the state it answers, sends the replies in order, counts `visited` for analytics and schedules the waiting
 * question's timeout.
 *
 * Events (`advance`):
 * - `start`: runs from the start node (the first node of type `start`), whatever the state was; variables are kept,
 *   everything else starts afresh. No start node ends the session with `error`.
 * - `input`: the customer's answer. Only a `waiting` session takes one; any other state is answered unchanged, with
 *   no replies (the API layer turns that into a 409). See "Questions" for how an answer is matched; a session
 *   waiting at a node that is no longer a question in the graph (the flow changed) ends with `error`.
 * - `timeout`: the waiting question got no answer in time. The question's `timeout` edge is followed if it has one,
 *   else the session ends with `timeout`. A session that is not waiting is answered unchanged.
 *
 * Running: from a node, nodes run one after another, without waiting, until a question is reached (status
 * `waiting`, currentNodeId = the question, the question sent) or the session ends. Each node run is appended to
 * `visited` (a question is appended when it is reached, not again for each answer or re-ask). When a session ends,
 * currentNodeId stays at the last node run, so analytics know where it stopped. A node with no edge to follow ends
 * the session with `completed`.
 *
 * Edges: a node leaves by the edge with the handle its outcome names (`true`/`false` for a condition, the option's
 * id, `fallback` and `timeout` for a question, `error` for an HTTP action), otherwise by its edge without a handle
 * (`edgeFrom` in the contract: the first such edge). An edge to a node that does not exist ends with `error`.
 *
 * Nodes:
 * - start: follows its edge.
 * - message: sends `{type:'text', text}` (placeholders filled), or with a mediaUrl `{type:'media', mediaType (default
 *   image), url, caption}` with the text as caption (an audio has no caption on WhatsApp: its text follows as a text
 *   reply). Then follows its edge.
 * - condition: compares the variable's value (unset = '') with the node's value (placeholders filled) and leaves by
 *   `true` or `false`; a missing edge ends with `completed`. Operators: equals / not_equals (trimmed,
 *   case-insensitive); contains, starts_with (case-insensitive); matches (the value contains a match of the node's
 *   value as a case-insensitive pattern with RE2 semantics, in time linear in the value whatever the pattern, see
 *   flow-patterns.ts; a pattern RE2 cannot compile is false); greater_than / less_than (numeric when both are finite numbers, else
 *   false); exists (a non-blank value). An unknown operator ends with `error`.
 * - quickReply (a question): sends up to 3 options as reply buttons, more as a list (WhatsApp shows at most 10 rows:
 *   only the first 10 options are offered and matched), then waits. See "Questions".
 * - action set_variable: variables[variable] = the value with placeholders filled; follows its edge.
 * - action http_request: calls deps.callHttp (method default GET, url and header values filled, body filled for
 *   methods other than GET, timeoutMs default 5,000). On success each responseMapping stores the answer's value at
 *   its dotted path (`order.status`, `items.0.name`; '' when missing, objects as JSON) and `http_status` the status;
 *   then the default edge. On failure `http_error` holds the reason (and `http_status` the status when the server
 *   answered), then the `error` edge if there is one, else the default edge.
 * - action handoff: sends its message if any, then ends with `handoff` and handedOff true (an agent takes over).
 * - action end: sends its message if any, then ends with `completed`.
 * - anything else (unknown node or action type, a question without usable options, a set_variable without a name)
 *   ends with `error`.
 *
 * Questions: an answer matches an option when its id is the option's id (a button or list row was tapped), else when
 * the typed text (trimmed, case-insensitive) is the option's title or its position ("2"). On a match: the option's
 * title goes to variables[data.variable] (when set) and to variables.last_answer, retries go back to 0, and the edge
 * that leaves by the option's id is followed, else the question's edge without a handle (none: `completed`). On no match, retries + 1; while retries <=
 * maxRetries (default 2) the retry message (default below) and the question are sent again and the session keeps
 * waiting; after that the `fallback` edge is followed, or, without one, the customer is handed to an agent (`handoff`).
 *
 * Safety: the engine never throws and never trusts its input. Graphs may come from older versions or be hand-made,
 * so node data is read field by field and anything unexpected ends the session with `error`. A loop guard ends the
 * session with `loop_guard` when one advance would run more than deps.maxSteps nodes without waiting (validation
 * refuses loops without a question, but old graphs were not checked). Texts are cut to WhatsApp's limits after the
 * placeholders are filled (text 4,096, caption and body 1,024, button title 20, list row title 24, row description
 * 72, list button 20), and a variable holds at most 10,000 characters. One advance sends at most
 * 2 × maxSteps + 2 replies.
 */
import {
  type BotReply,
  type FlowGraph,
  flowLimits,
  flowMediaTypes,
  flowSessionStatuses,
  whatsappInteractiveLimits as wa,
} from '@wac/contract/flows';
import type { EngineDeps, EngineEvent, EngineResult, EngineState, HttpActionRequest, HttpActionResult } from './flow-engine.types.ts';
import { matchesPattern } from './flow-patterns.ts';
import { fillBodyPlaceholders, fillPlaceholders, fillUrlPlaceholders, truncate, variableValue } from './flow-text.ts';

export const defaultRetryMessage = 'Sorry, I did not get that. Please choose one of the options.';
const defaultMaxRetries = 2;
const defaultHttpTimeoutMs = 5_000;
const defaultListButton = 'Choose';
/** WhatsApp's limit for a media caption. */
const captionLimit = 1_024;
/** Longest value a variable keeps: values repeat into later texts, HTTP bodies and the stored session. */
export const maxVariableLength = 10_000;
/** Used when deps.maxSteps is not a positive number. */
const fallbackMaxSteps = 1_000;

/** A new session's state, before the `start` event. */
export function initialState(variables: Record<string, string>): EngineState {
  return { status: 'active', currentNodeId: null, variables: cleanVariables(variables), retries: 0, endedReason: null, handedOff: false };
}

type Data = Record<string, unknown>;
interface Node {
  id: string;
  type: string;
  data: Data;
}
interface Edge {
  sourceHandle: string | null;
  target: string;
}
interface Option {
  id: string;
  title: string;
  description: string;
}

/** The graph as the engine reads it: only well-formed nodes and edges, looked up by id. */
interface Graph {
  nodes: Map<string, Node>;
  out: Map<string, Edge[]>;
  startId: string | undefined;
}

/** One advance: the state being changed, what it has said and run so far. */
interface Run {
  graph: Graph;
  state: EngineState;
  replies: BotReply[];
  visited: string[];
  steps: number;
  maxSteps: number;
  callHttp: EngineDeps['callHttp'];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function cleanVariables(variables: unknown): Record<string, string> {
  const clean: Record<string, string> = {};
  if (!isRecord(variables)) return clean;
  for (const [name, value] of Object.entries(variables)) if (typeof value === 'string') clean[name] = value;
  return clean;
}

function readGraph(graph: unknown): Graph {
  const nodes = new Map<string, Node>();
  const out = new Map<string, Edge[]>();
  let startId: string | undefined;
  const source = isRecord(graph) ? graph : {};
  for (const node of Array.isArray(source.nodes) ? source.nodes : []) {
    if (!isRecord(node) || typeof node.id !== 'string' || nodes.has(node.id)) continue;
    const type = str(node.type);
    nodes.set(node.id, { id: node.id, type, data: isRecord(node.data) ? node.data : {} });
    if (type === 'start' && startId === undefined) startId = node.id;
  }
  for (const edge of Array.isArray(source.edges) ? source.edges : []) {
    if (!isRecord(edge) || typeof edge.source !== 'string' || typeof edge.target !== 'string') continue;
    const handle = typeof edge.sourceHandle === 'string' && edge.sourceHandle !== '' ? edge.sourceHandle : null;
    const list = out.get(edge.source);
    const entry = { sourceHandle: handle, target: edge.target };
    if (list) list.push(entry);
    else out.set(edge.source, [entry]);
  }
  return { nodes, out, startId };
}

/** Same choice as the contract's edgeFrom, on the indexed graph: the handle's edge, else the edge without a handle. */
function edgeTarget(graph: Graph, nodeId: string | null, handle?: string): string | undefined {
  const out = nodeId === null ? undefined : graph.out.get(nodeId);
  if (!out) return undefined;
  const edge = handle ? out.find((e) => e.sourceHandle === handle) : out.find((e) => !e.sourceHandle || e.sourceHandle === 'default');
  return edge?.target;
}

/** A variable name from node data: trimmed, `{{name}}` accepted for `name`; '' when there is none. */
function variableName(value: unknown): string {
  const name = str(value).trim();
  const braced = /^\{\{\s*(.*?)\s*\}\}$/.exec(name);
  return braced ? (braced[1] ?? '') : name;
}

function setVariable(run: Run, name: string, value: string): void {
  run.state.variables[name] = truncate(value, maxVariableLength);
}

function end(run: Run, reason: string, handedOff = false): void {
  run.state.status = 'ended';
  run.state.endedReason = reason;
  run.state.retries = 0;
  if (handedOff) run.state.handedOff = true;
}

function sendText(run: Run, text: string): void {
  if (text.trim()) run.replies.push({ type: 'text', text: truncate(text, wa.text) });
}

type Step = { next: string | undefined } | 'stop';

/**
 * Runs nodes from `nodeId` until one waits or the session ends; `undefined` means the node before had no edge to
 * follow, which completes the session.
 */
async function runFrom(run: Run, nodeId: string | undefined): Promise<void> {
  let next = nodeId;
  for (;;) {
    if (next === undefined) return end(run, 'completed');
    const node = run.graph.nodes.get(next);
    if (!node) return end(run, 'error');
    if (run.steps >= run.maxSteps) return end(run, 'loop_guard');
    run.steps++;
    run.visited.push(node.id);
    run.state.currentNodeId = node.id;
    const step = await runNode(run, node);
    if (step === 'stop') return;
    next = step.next;
  }
}

async function runNode(run: Run, node: Node): Promise<Step> {
  switch (node.type) {
    case 'start':
      return { next: edgeTarget(run.graph, node.id) };
    case 'message':
      sendMessage(run, node.data);
      return { next: edgeTarget(run.graph, node.id) };
    case 'condition': {
      const outcome = evaluateCondition(run, node.data);
      if (outcome === undefined) {
        end(run, 'error');
        return 'stop';
      }
      return { next: edgeTarget(run.graph, node.id, outcome ? 'true' : 'false') };
    }
    case 'quickReply': {
      const options = optionsOf(run, node.data);
      if (options.length === 0) {
        end(run, 'error');
        return 'stop';
      }
      ask(run, node.data, options);
      run.state.status = 'waiting';
      run.state.retries = 0;
      return 'stop';
    }
    case 'action':
      return runAction(run, node);
    default:
      end(run, 'error');
      return 'stop';
  }
}

function sendMessage(run: Run, data: Data): void {
  const text = fillPlaceholders(data.message, run.state.variables);
  const url = fillUrlPlaceholders(str(data.mediaUrl).trim(), run.state.variables).trim();
  if (!url) {
    sendText(run, text);
    return;
  }
  const mediaType = (flowMediaTypes as readonly string[]).includes(str(data.mediaType))
    ? (data.mediaType as (typeof flowMediaTypes)[number])
    : 'image';
  if (mediaType === 'audio') {
    run.replies.push({ type: 'media', mediaType, url, caption: undefined });
    sendText(run, text);
  } else run.replies.push({ type: 'media', mediaType, url, caption: text.trim() ? truncate(text, captionLimit) : undefined });
}

const toNumber = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

/** true / false, or undefined for an operator the engine does not know. */
function evaluateCondition(run: Run, data: Data): boolean | undefined {
  const actual = variableValue(run.state.variables, variableName(data.variable));
  const expected = fillPlaceholders(data.value, run.state.variables);
  switch (data.operator) {
    case 'equals':
      return actual.trim().toLowerCase() === expected.trim().toLowerCase();
    case 'not_equals':
      return actual.trim().toLowerCase() !== expected.trim().toLowerCase();
    case 'contains':
      return actual.toLowerCase().includes(expected.toLowerCase());
    case 'starts_with':
      return actual.toLowerCase().startsWith(expected.toLowerCase());
    case 'matches':
      return matchesPattern(expected, actual);
    case 'greater_than':
    case 'less_than': {
      const a = toNumber(actual);
      const b = toNumber(expected);
      if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
      return data.operator === 'greater_than' ? a > b : a < b;
    }
    case 'exists':
      return actual.trim() !== '';
    default:
      return undefined;
  }
}

/** The options the customer is offered: those with an id and a title, the first of each id, at most 10. */
function optionsOf(run: Run, data: Data): Option[] {
  const options: Option[] = [];
  const ids = new Set<string>();
  for (const option of Array.isArray(data.options) ? data.options : []) {
    if (options.length >= wa.listRows) break;
    if (!isRecord(option) || typeof option.id !== 'string' || !option.id.trim() || ids.has(option.id)) continue;
    const title = fillPlaceholders(option.title, run.state.variables).trim();
    if (!title) continue;
    ids.add(option.id);
    options.push({ id: option.id, title, description: fillPlaceholders(option.description, run.state.variables).trim() });
  }
  return options;
}

const asButtons = (options: Option[]) => options.length <= wa.buttons;
const shownTitle = (options: Option[], option: Option) => truncate(option.title, asButtons(options) ? wa.buttonTitle : wa.listRowTitle);

function ask(run: Run, data: Data, options: Option[]): void {
  const body = truncate(fillPlaceholders(data.question, run.state.variables), wa.body);
  if (asButtons(options)) {
    run.replies.push({ type: 'buttons', body, buttons: options.map((o) => ({ id: o.id, title: shownTitle(options, o) })) });
    return;
  }
  const button = fillPlaceholders(data.listButton, run.state.variables).trim() || defaultListButton;
  run.replies.push({
    type: 'list',
    body,
    button: truncate(button, wa.listButton),
    rows: options.map((o) => ({
      id: o.id,
      title: shownTitle(options, o),
      description: o.description ? truncate(o.description, wa.listRowDescription) : undefined,
    })),
  });
}

function matchOption(options: Option[], input: { id?: unknown; text?: unknown }): Option | undefined {
  if (typeof input.id === 'string' && input.id) {
    const byId = options.find((o) => o.id === input.id);
    if (byId) return byId;
  }
  const typed = str(input.text).trim().toLowerCase();
  if (!typed) return undefined;
  const byTitle = options.find((o) => o.title.toLowerCase() === typed || shownTitle(options, o).toLowerCase() === typed);
  if (byTitle) return byTitle;
  return /^\d{1,2}$/.test(typed) ? options[Number(typed) - 1] : undefined;
}

async function answer(run: Run, node: Node, input: { id?: unknown; text?: unknown }): Promise<void> {
  const options = optionsOf(run, node.data);
  if (options.length === 0) return end(run, 'error');
  const option = matchOption(options, input);
  if (option) {
    const name = variableName(node.data.variable);
    if (name) setVariable(run, name, option.title);
    setVariable(run, 'last_answer', option.title);
    run.state.retries = 0;
    run.state.status = 'active';
    // An option without an edge of its own goes by the question's edge without a handle, if it has one.
    return runFrom(run, edgeTarget(run.graph, node.id, option.id) ?? edgeTarget(run.graph, node.id));
  }
  run.state.retries++;
  const max = node.data.maxRetries;
  const maxRetries = typeof max === 'number' && Number.isFinite(max) ? Math.max(0, Math.floor(max)) : defaultMaxRetries;
  if (run.state.retries <= maxRetries) {
    sendText(run, fillPlaceholders(node.data.retryMessage, run.state.variables).trim() || defaultRetryMessage);
    ask(run, node.data, options);
    return;
  }
  run.state.retries = 0;
  const fallback = edgeTarget(run.graph, node.id, 'fallback');
  if (fallback === undefined) return end(run, 'handoff', true);
  run.state.status = 'active';
  return runFrom(run, fallback);
}

async function runAction(run: Run, node: Node): Promise<Step> {
  const d = node.data;
  switch (d.actionType) {
    case 'set_variable': {
      const name = variableName(d.variable);
      if (!name) break;
      setVariable(run, name, fillPlaceholders(d.value, run.state.variables));
      return { next: edgeTarget(run.graph, node.id) };
    }
    case 'http_request':
      return { next: await httpAction(run, node) };
    case 'handoff':
      sendText(run, fillPlaceholders(d.message, run.state.variables));
      end(run, 'handoff', true);
      return 'stop';
    case 'end':
      sendText(run, fillPlaceholders(d.message, run.state.variables));
      end(run, 'completed');
      return 'stop';
  }
  end(run, 'error');
  return 'stop';
}

function httpRequestOf(run: Run, d: Data): HttpActionRequest {
  const vars = run.state.variables;
  const method = (str(d.method).trim() || 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  if (isRecord(d.headers)) for (const [name, value] of Object.entries(d.headers)) headers[name] = fillPlaceholders(value, vars);
  const timeout = typeof d.timeoutMs === 'number' && Number.isFinite(d.timeoutMs) ? d.timeoutMs : defaultHttpTimeoutMs;
  const request: HttpActionRequest = {
    method,
    url: fillUrlPlaceholders(str(d.url).trim(), vars),
    headers,
    timeoutMs: Math.min(Math.max(Math.round(timeout), 100), flowLimits.httpTimeoutMs),
  };
  if (method !== 'GET' && method !== 'HEAD' && typeof d.body === 'string') request.body = fillBodyPlaceholders(d.body, vars);
  return request;
}

/** The value at a dotted path (`items.0.name`) of a JSON answer, or undefined. */
function valueAt(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function asVariable(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value) ?? '';
  return String(value);
}

/** Runs an HTTP action and answers the node to go to next. */
async function httpAction(run: Run, node: Node): Promise<string | undefined> {
  let result: HttpActionResult;
  try {
    result = await run.callHttp(httpRequestOf(run, node.data));
    if (!isRecord(result)) throw new Error('no result');
  } catch {
    result = { ok: false, error: 'The HTTP call failed unexpectedly' };
  }
  const vars = run.state.variables;
  if (result.ok) {
    const mappings = Array.isArray(node.data.responseMapping) ? node.data.responseMapping : [];
    for (const mapping of mappings) {
      if (!isRecord(mapping)) continue;
      const name = variableName(mapping.variable);
      const path = str(mapping.path).trim();
      if (name && path) setVariable(run, name, asVariable(valueAt(result.body, path)));
    }
    setVariable(run, 'http_status', String(result.status));
    delete vars.http_error;
    return edgeTarget(run.graph, node.id);
  }
  setVariable(run, 'http_error', str(result.error) || 'The HTTP call failed');
  if (typeof result.status === 'number') setVariable(run, 'http_status', String(result.status));
  else delete vars.http_status;
  return edgeTarget(run.graph, node.id, 'error') ?? edgeTarget(run.graph, node.id);
}

function readState(state: unknown): EngineState {
  const s = isRecord(state) ? state : {};
  const valid = (flowSessionStatuses as readonly unknown[]).includes(s.status);
  return {
    status: valid ? (s.status as EngineState['status']) : 'ended',
    currentNodeId: typeof s.currentNodeId === 'string' ? s.currentNodeId : null,
    variables: cleanVariables(s.variables),
    retries: typeof s.retries === 'number' && Number.isFinite(s.retries) && s.retries > 0 ? Math.floor(s.retries) : 0,
    endedReason: typeof s.endedReason === 'string' ? s.endedReason : valid ? null : 'error',
    handedOff: s.handedOff === true,
  };
}

async function dispatch(run: Run, event: unknown): Promise<void> {
  const state = run.state;
  const kind = isRecord(event) ? event.kind : undefined;
  if (kind === 'start') {
    Object.assign(state, { status: 'active', currentNodeId: null, retries: 0, endedReason: null, handedOff: false });
    if (run.graph.startId === undefined) return end(run, 'error');
    return runFrom(run, run.graph.startId);
  }
  if (state.status !== 'waiting' || !isRecord(event)) return;
  if (kind === 'timeout') {
    state.retries = 0;
    const target = edgeTarget(run.graph, state.currentNodeId, 'timeout');
    if (target === undefined) return end(run, 'timeout');
    state.status = 'active';
    return runFrom(run, target);
  }
  if (kind === 'input') {
    const node = state.currentNodeId === null ? undefined : run.graph.nodes.get(state.currentNodeId);
    if (node?.type !== 'quickReply') return end(run, 'error');
    return answer(run, node, event);
  }
}

function newRun(graph: unknown, state: unknown, deps: EngineDeps): Run | undefined {
  try {
    const steps = deps.maxSteps;
    return {
      graph: readGraph(graph),
      state: readState(state),
      replies: [],
      visited: [],
      steps: 0,
      maxSteps: Number.isFinite(steps) && steps >= 1 ? Math.floor(steps) : fallbackMaxSteps,
      callHttp: deps.callHttp,
    };
  } catch {
    return undefined;
  }
}

/**
 * Moves a session on by one event and answers its new state, what the bot says and the nodes run. Never throws and
 * never changes its arguments; see the top of this file for the rules.
 */
export async function advance(graph: FlowGraph, state: EngineState, event: EngineEvent, deps: EngineDeps): Promise<EngineResult> {
  const run = newRun(graph, state, deps);
  if (!run) {
    const unreadable: EngineState = { ...initialState({}), status: 'ended', endedReason: 'error' };
    return { state: unreadable, replies: [], visited: [], timeoutMinutes: null };
  }
  try {
    await dispatch(run, event);
  } catch {
    end(run, 'error');
  }
  let timeoutMinutes: number | null = null;
  if (run.state.status === 'waiting' && run.state.currentNodeId !== null) {
    const minutes = run.graph.nodes.get(run.state.currentNodeId)?.data.timeoutMinutes;
    if (typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0) timeoutMinutes = minutes;
  }
  return { state: run.state, replies: run.replies, visited: run.visited, timeoutMinutes };
}
