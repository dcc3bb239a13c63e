import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeFrom, validateFlow } from './flow-validation.ts';

const at = { x: 0, y: 0 };
const start = { id: 'start', type: 'start', position: at, data: {} };
const message = (id: string, text = 'Hello') => ({ id, type: 'message', position: at, data: { message: text } });
const edge = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${sourceHandle ?? ''}-${target}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});
const question = (id: string, options: { id: string; title: string }[]) => ({
  id,
  type: 'quickReply',
  position: at,
  data: { question: 'Which one?', options },
});

const firstError = (input: unknown) => {
  const result = validateFlow(input);
  return result.ok ? null : result.errors[0]?.message;
};

describe('flow validation, spec 5 case by case', () => {
  it.each([
    ['no nodes', { edges: [] }],
    ['no edges', { nodes: [start] }],
    ['nodes not a list', { nodes: 'x', edges: [] }],
    ['not an object', null],
  ])('%s: Invalid flow data: missing nodes or edges', (_, input) => {
    expect(firstError(input)).toBe('Invalid flow data: missing nodes or edges');
  });

  it('refuses a flow without a start node', () => {
    expect(firstError({ nodes: [message('m')], edges: [] })).toBe('Flow must have a start node');
  });

  it('names the missing source and target nodes of an edge', () => {
    expect(firstError({ nodes: [start], edges: [edge('ghost', 'start')] })).toBe('Invalid edge: source node ghost not found');
    expect(firstError({ nodes: [start], edges: [edge('start', 'nowhere')] })).toBe('Invalid edge: target node nowhere not found');
  });

  it.each([
    ['message', { id: 'n', type: 'message', position: at, data: { message: '  ' } }, 'Message node n must have a message'],
    [
      'condition',
      { id: 'n', type: 'condition', position: at, data: { variable: 'x' } },
      'Condition node n must have a variable and operator',
    ],
    [
      'quickReply',
      { id: 'n', type: 'quickReply', position: at, data: { question: 'Q?', options: [] } },
      'Quick reply node n must have a question and options',
    ],
    // A new quick reply comes with Yes and No: only its question is missing, and the message must not blame the options.
    [
      'quickReply with options but no question',
      { id: 'n', type: 'quickReply', position: at, data: { question: ' ', options: [{ id: 'option-1', title: 'Yes' }] } },
      'Quick reply node n must have a question',
    ],
    ['action', { id: 'n', type: 'action', position: at, data: {} }, 'Action node n must have an action type'],
    ['unknown type', { id: 'n', type: 'teleport', position: at, data: {} }, 'Unknown node type: teleport'],
  ])('%s node: its spec message, naming the node', (_, node, text) => {
    const result = validateFlow({ nodes: [start, node], edges: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toEqual({ message: text, nodeId: 'n' });
  });

  it('reports every node with a problem, so the builder can mark each', () => {
    const result = validateFlow({ nodes: [start, message('a', ''), message('b', '')], edges: [] });
    expect(result.ok ? [] : result.errors.map((e) => e.nodeId)).toEqual(['a', 'b']);
  });

  it('accepts a valid flow, with edges defaulting to smoothstep and animated', () => {
    const result = validateFlow({ nodes: [start, message('hi')], edges: [edge('start', 'hi')] });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.graph.edges[0]).toMatchObject({ type: 'smoothstep', animated: true });
      expect(result.warnings).toEqual([]);
    }
  });
});

describe('flow validation beyond spec 5', () => {
  it("keeps to WhatsApp's limits: 20 characters a button, 24 a list row, 10 options", () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(firstError({ nodes: [start, question('q', [{ id: 'a', title: long(21) }])], edges: [] })).toMatch(/longer than 20 characters/);
    const rows = Array.from({ length: 4 }, (_, k) => ({ id: `o${k}`, title: k === 0 ? long(25) : 'ok' }));
    expect(firstError({ nodes: [start, question('q', rows)], edges: [] })).toMatch(/longer than 24 characters/);
    const eleven = Array.from({ length: 11 }, (_, k) => ({ id: `o${k}`, title: `Option ${k}` }));
    expect(firstError({ nodes: [start, question('q', eleven)], edges: [] })).toMatch(/at most 10/);
    const ten = eleven.slice(0, 10);
    expect(validateFlow({ nodes: [start, question('q', ten)], edges: [] }).ok).toBe(true);
  });

  it('refuses a loop that never waits for the customer, and accepts one through a question', () => {
    const loop = { nodes: [start, message('a'), message('b')], edges: [edge('start', 'a'), edge('a', 'b'), edge('b', 'a')] };
    expect(firstError(loop)).toMatch(/^Loop without a question: a → b → a/);
    const asking = {
      nodes: [start, message('a'), question('q', [{ id: 'again', title: 'Again' }])],
      edges: [edge('start', 'a'), edge('a', 'q'), edge('q', 'a', 'again')],
    };
    expect(validateFlow(asking).ok).toBe(true);
  });

  it('warns about nodes nothing reaches and options without an edge, but saves', () => {
    const result = validateFlow({
      nodes: [
        start,
        question('q', [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'No' },
        ]),
        message('lost'),
        message('y'),
      ],
      edges: [edge('start', 'q'), edge('q', 'y', 'yes')],
    });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'Option "No" of node q has no edge',
      'No path from the start reaches node lost',
    ]);
  });

  it('warns of no option once the question has an edge without a handle, the route of every option without one', () => {
    const result = validateFlow({
      nodes: [
        start,
        question('q', [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'No' },
        ]),
        message('y'),
        message('rest'),
      ],
      edges: [edge('start', 'q'), edge('q', 'y', 'yes'), edge('q', 'rest')],
    });
    expect(result.warnings).toEqual([]);
  });

  it('refuses duplicate node ids, two start nodes, bad operators and patterns, an HTTP action without a URL', () => {
    expect(firstError({ nodes: [start, start], edges: [] })).toBe('Two nodes have the id start');
    expect(firstError({ nodes: [start, { ...start, id: 's2' }], edges: [] })).toBe('A flow has exactly one start node');
    const condition = (data: object) => ({ nodes: [start, { id: 'c', type: 'condition', position: at, data }], edges: [] });
    expect(firstError(condition({ variable: 'x', operator: 'is_cool', value: '1' }))).toMatch(/unknown operator/);
    expect(firstError(condition({ variable: 'x', operator: 'matches', value: '(' }))).toMatch(/not a valid regular expression/);
    expect(firstError(condition({ variable: 'x', operator: 'exists' }))).toBeNull();
    const action = { id: 'h', type: 'action', position: at, data: { actionType: 'http_request', url: 'ftp://x' } };
    expect(firstError({ nodes: [start, action], edges: [] })).toBe('Action node h must have an http(s) URL');
  });

  it('checks a 1,000-node flow quickly and refuses 1,001 nodes', () => {
    const nodes = [start, ...Array.from({ length: 999 }, (_, k) => message(`m${k}`))];
    const edges = nodes.slice(1).map((node, k) => edge(k === 0 ? 'start' : `m${k - 1}`, node.id));
    const began = performance.now();
    expect(validateFlow({ nodes, edges }).ok).toBe(true);
    expect(performance.now() - began).toBeLessThan(1_000);
    expect(firstError({ nodes: [...nodes, message('extra')], edges })).toBe('A flow has at most 1000 nodes');
  });

  it('finds the edge a node leaves by', () => {
    const graph = { nodes: [], edges: [edge('c', 'y', 'true'), edge('c', 'n', 'false'), edge('m', 'x')] } as never;
    expect(edgeFrom(graph, 'c', 'false')?.target).toBe('n');
    expect(edgeFrom(graph, 'm')?.target).toBe('x');
    expect(edgeFrom(graph, 'c')).toBeUndefined();
  });

  it('never throws, whatever JSON it is given (property)', () => {
    const node = fc.record(
      {
        id: fc.oneof(fc.string(), fc.constantFrom('start', 'a', 'b')),
        type: fc.oneof(fc.constantFrom('start', 'message', 'condition', 'quickReply', 'action'), fc.string()),
        position: fc.oneof(fc.record({ x: fc.double(), y: fc.double() }), fc.anything()),
        data: fc.oneof(
          fc.anything(),
          fc.dictionary(
            fc.constantFrom('message', 'options', 'question', 'variable', 'operator', 'value', 'actionType', 'url'),
            fc.anything(),
          ),
        ),
      },
      { requiredKeys: [] },
    );
    const edgeArb = fc.record(
      {
        id: fc.anything(),
        source: fc.constantFrom('start', 'a', 'b', 'zz'),
        target: fc.constantFrom('start', 'a', 'b'),
        sourceHandle: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ nodes: fc.array(node, { maxLength: 8 }), edges: fc.array(edgeArb, { maxLength: 8 }) })),
        (input) => {
          const result = validateFlow(input);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
