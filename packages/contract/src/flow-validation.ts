import {
  actionTypes,
  conditionOperators,
  type FlowEdge,
  type FlowGraph,
  type FlowIssue,
  type FlowNode,
  flowEdgeSchema,
  flowLimits,
  flowNodeSchema,
  variableNamePattern,
  whatsappInteractiveLimits,
} from './flows.ts';

/** Why a `matches` condition's pattern cannot run, or null when it can. */
export type PatternCheck = (pattern: string) => string | null;

/**
 * The browser's check: JavaScript's syntax. The server's engine has RE2 semantics, too heavy to ship to the builder,
 * so the server passes its own check (which also refuses look-arounds and back-references) when a flow is saved.
 */
const javascriptPatternProblem: PatternCheck = (pattern) => {
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

export type FlowValidation =
  | { ok: true; graph: FlowGraph; warnings: FlowIssue[] }
  | { ok: false; errors: FlowIssue[]; warnings: FlowIssue[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const nodeLabels: Record<string, string> = {
  message: 'Message node',
  condition: 'Condition node',
  quickReply: 'Quick reply node',
  action: 'Action node',
};

/**
 * The checks of spec 5 for one node's data, in its words, then WhatsApp's limits and what the engine needs; the
 * first problem of each node is reported.
 */
function nodeProblem(node: Record<string, unknown>, patternProblem: PatternCheck): string | null {
  const id = String(node.id);
  const type = node.type;
  const data = isRecord(node.data) ? node.data : {};
  const name = `${nodeLabels[String(type)] ?? 'Node'} ${id}`;
  switch (type) {
    case 'start':
      return null;
    case 'message':
      return text(data.message) || text(data.mediaUrl) ? null : `${name} must have a message`;
    case 'condition': {
      if (!text(data.variable) || !text(data.operator)) return `${name} must have a variable and operator`;
      if (!(conditionOperators as readonly string[]).includes(String(data.operator)))
        return `${name} has an unknown operator: ${String(data.operator)}`;
      if (data.operator !== 'exists' && typeof data.value !== 'string') return `${name} must have a value to compare with`;
      if (data.operator === 'matches') {
        const problem = patternProblem(String(data.value));
        if (problem !== null) return `${name} has a pattern that is not a valid regular expression (${problem})`;
      }
      return null;
    }
    case 'quickReply': {
      const options = Array.isArray(data.options) ? data.options : [];
      // The spec's words when options are missing; a node with options but no question is told only what it lacks.
      if (options.length === 0) return `${name} must have a question and options`;
      if (!text(data.question)) return `${name} must have a question`;
      if (options.length > whatsappInteractiveLimits.listRows)
        return `${name} has ${options.length} options; WhatsApp shows at most ${whatsappInteractiveLimits.listRows}`;
      const asButtons = options.length <= whatsappInteractiveLimits.buttons;
      const limit = asButtons ? whatsappInteractiveLimits.buttonTitle : whatsappInteractiveLimits.listRowTitle;
      const ids = new Set<string>();
      for (const option of options) {
        if (!isRecord(option) || !text(option.id) || !text(option.title)) return `${name} has an option without an id or a title`;
        if (ids.has(String(option.id))) return `${name} has two options with the id ${String(option.id)}`;
        ids.add(String(option.id));
        if (String(option.title).length > limit)
          return `${name}: option "${String(option.title)}" is longer than ${limit} characters (WhatsApp's limit for ${asButtons ? 'a button' : 'a list row'})`;
      }
      return null;
    }
    case 'action': {
      if (!text(data.actionType)) return `${name} must have an action type`;
      if (!(actionTypes as readonly string[]).includes(String(data.actionType)))
        return `${name} has an unknown action type: ${String(data.actionType)}`;
      if (data.actionType === 'set_variable' && !variableNamePattern.test(text(data.variable)))
        return `${name} must name the variable to set`;
      if (data.actionType === 'http_request' && !/^https?:\/\/\S+$/i.test(text(data.url))) return `${name} must have an http(s) URL`;
      return null;
    }
    default:
      return `Unknown node type: ${String(type)}`;
  }
}

/** Nodes the engine runs without waiting for the customer: a loop made only of these would never stop. */
const runsAtOnce = (node: FlowNode) => node.type !== 'quickReply';

/** A loop with no question in it, as node ids in order, or null. */
function loopWithoutQuestion(graph: FlowGraph): string[] | null {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target || !runsAtOnce(source) || !runsAtOnce(target)) continue;
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  }
  const state = new Map<string, 'open' | 'done'>();
  // Iterative depth-first search: 1,000-node flows must not overflow the stack.
  for (const root of graph.nodes) {
    if (state.has(root.id)) continue;
    const stack: { id: string; k: number }[] = [{ id: root.id, k: 0 }];
    state.set(root.id, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; k: number };
      const targets = next.get(top.id) ?? [];
      if (top.k >= targets.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const target = targets[top.k++] as string;
      if (state.get(target) === 'open') {
        const from = stack.findIndex((frame) => frame.id === target);
        return [...stack.slice(from).map((frame) => frame.id), target];
      }
      if (!state.has(target)) {
        state.set(target, 'open');
        stack.push({ id: target, k: 0 });
      }
    }
  }
  return null;
}

/** Not refused: nodes no path from the start reaches, and quick-reply options with no edge. */
function graphWarnings(graph: FlowGraph): FlowIssue[] {
  const warnings: FlowIssue[] = [];
  const out = new Map<string, FlowEdge[]>();
  for (const edge of graph.edges) out.set(edge.source, [...(out.get(edge.source) ?? []), edge]);
  const reached = new Set<string>();
  const queue = graph.nodes.filter((node) => node.type === 'start').map((node) => node.id);
  for (const id of queue) reached.add(id);
  while (queue.length > 0) {
    for (const edge of out.get(queue.shift() as string) ?? [])
      if (!reached.has(edge.target)) {
        reached.add(edge.target);
        queue.push(edge.target);
      }
  }
  for (const node of graph.nodes) {
    if (!reached.has(node.id)) warnings.push({ message: `No path from the start reaches node ${node.id}`, nodeId: node.id });
    if (node.type === 'quickReply') {
      const handles = new Set((out.get(node.id) ?? []).map((edge) => edge.sourceHandle));
      // An edge without a handle is the route of every option without one of its own (the engine's rule).
      const routesTheRest = (out.get(node.id) ?? []).some((edge) => !edge.sourceHandle || edge.sourceHandle === 'default');
      for (const option of node.data.options)
        if (!routesTheRest && !handles.has(option.id))
          warnings.push({ message: `Option "${option.title}" of node ${node.id} has no edge`, nodeId: node.id });
    }
  }
  return warnings;
}

/**
 * Checks a flow before it is saved, exactly as spec 5 says and in its order, then beyond it: WhatsApp's limits,
 * duplicate ids, sizes, and loops that never wait for the customer. Never throws, whatever it is given.
 */
export function validateFlow(input: unknown, patternProblem: PatternCheck = javascriptPatternProblem): FlowValidation {
  const fail = (errors: FlowIssue[]): FlowValidation => ({ ok: false, errors, warnings: [] });
  if (!isRecord(input) || !Array.isArray(input.nodes) || !Array.isArray(input.edges))
    return fail([{ message: 'Invalid flow data: missing nodes or edges' }]);
  const { nodes, edges } = input as { nodes: unknown[]; edges: unknown[] };
  if (nodes.length > flowLimits.nodes) return fail([{ message: `A flow has at most ${flowLimits.nodes} nodes` }]);
  if (edges.length > flowLimits.edges) return fail([{ message: `A flow has at most ${flowLimits.edges} edges` }]);
  for (const [k, node] of nodes.entries())
    if (!isRecord(node) || typeof node.id !== 'string' || !node.id || typeof node.type !== 'string')
      return fail([{ message: `Invalid node at position ${k + 1}: it needs an id and a type` }]);
  const records = nodes as Record<string, unknown>[];
  if (!records.some((node) => node.type === 'start')) return fail([{ message: 'Flow must have a start node' }]);
  const ids = new Set<string>();
  for (const node of records) {
    if (ids.has(String(node.id))) return fail([{ message: `Two nodes have the id ${String(node.id)}`, nodeId: String(node.id) }]);
    ids.add(String(node.id));
  }
  for (const [k, edge] of edges.entries()) {
    if (!isRecord(edge)) return fail([{ message: `Invalid edge at position ${k + 1}` }]);
    const edgeId = typeof edge.id === 'string' ? edge.id : undefined;
    if (!ids.has(String(edge.source))) return fail([{ message: `Invalid edge: source node ${String(edge.source)} not found`, edgeId }]);
    if (!ids.has(String(edge.target))) return fail([{ message: `Invalid edge: target node ${String(edge.target)} not found`, edgeId }]);
  }
  const errors: FlowIssue[] = [];
  for (const node of records) {
    const problem = nodeProblem(node, patternProblem);
    if (problem) errors.push({ message: problem, nodeId: String(node.id) });
  }
  if (records.filter((node) => node.type === 'start').length > 1) errors.push({ message: 'A flow has exactly one start node' });
  if (errors.length > 0) return fail(errors);

  const parsedNodes: FlowNode[] = [];
  for (const node of records) {
    const parsed = flowNodeSchema.safeParse(node);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'node';
      return fail([{ message: `Node ${String(node.id)}: ${where}: ${issue?.message ?? 'invalid'}`, nodeId: String(node.id) }]);
    }
    parsedNodes.push(parsed.data);
  }
  const parsedEdges: FlowEdge[] = [];
  const edgeIds = new Set<string>();
  for (const edge of edges) {
    const parsed = flowEdgeSchema.safeParse(edge);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail([{ message: `Invalid edge: ${issue?.path.join('.') || 'edge'}: ${issue?.message ?? 'invalid'}` }]);
    }
    if (edgeIds.has(parsed.data.id)) return fail([{ message: `Two edges have the id ${parsed.data.id}`, edgeId: parsed.data.id }]);
    edgeIds.add(parsed.data.id);
    parsedEdges.push(parsed.data);
  }
  const graph: FlowGraph = { nodes: parsedNodes, edges: parsedEdges };
  const loop = loopWithoutQuestion(graph);
  if (loop)
    return fail([
      { message: `Loop without a question: ${loop.join(' → ')} would run forever without waiting for the customer`, nodeId: loop[0] },
    ]);
  return { ok: true, graph, warnings: graphWarnings(graph) };
}

/** The edge a node leaves by: its handle's, else the node's only edge without a handle. */
export function edgeFrom(graph: FlowGraph, nodeId: string, handle?: string | null): FlowEdge | undefined {
  const out = graph.edges.filter((edge) => edge.source === nodeId);
  if (handle) return out.find((edge) => edge.sourceHandle === handle);
  return out.find((edge) => !edge.sourceHandle || edge.sourceHandle === 'default');
}
