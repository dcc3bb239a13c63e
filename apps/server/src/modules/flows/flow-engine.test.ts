import { type BotReply, botReplySchema, type FlowGraph, flowEndReasons, flowSessionStatuses } from '@wac/contract/flows';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, defaultRetryMessage, initialState, maxVariableLength } from './flow-engine.ts';
import type { EngineDeps, EngineEvent, EngineResult, EngineState, HttpActionRequest, HttpActionResult } from './flow-engine.types.ts';
import { fillBodyPlaceholders, fillPlaceholders, fillUrlPlaceholders, truncate } from './flow-text.ts';

type N = { id: string; type: string; data: Record<string, unknown> };
type E = [source: string, target: string, handle?: string];

/** A graph from short node and edge lists; positions do not matter to the engine. */
function graph(nodes: N[], edges: E[] = []): FlowGraph {
  return {
    nodes: nodes.map((n) => ({ ...n, position: { x: 0, y: 0 } })),
    edges: edges.map(([source, target, sourceHandle], k) => ({
      id: `e${k}`,
      source,
      target,
      sourceHandle,
      type: 'smoothstep',
      animated: true,
    })),
  } as FlowGraph;
}

const start: N = { id: 'start', type: 'start', data: {} };
const message = (id: string, text: string, extra: Record<string, unknown> = {}): N => ({
  id,
  type: 'message',
  data: { message: text, ...extra },
});
const condition = (id: string, variable: string, operator: string, value?: string): N => ({
  id,
  type: 'condition',
  data: { variable, operator, value },
});
const question = (id: string, titles: string[], extra: Record<string, unknown> = {}): N => ({
  id,
  type: 'quickReply',
  data: { question: 'Pick one', options: titles.map((title, k) => ({ id: `o${k + 1}`, title })), ...extra },
});
const action = (id: string, data: Record<string, unknown>): N => ({ id, type: 'action', data });

const noHttp = async (): Promise<HttpActionResult> => ({ ok: false, error: 'no HTTP in this test' });
const deps = (overrides: Partial<EngineDeps> = {}): EngineDeps => ({ callHttp: noHttp, maxSteps: 100, ...overrides });

const run = (g: FlowGraph, variables: Record<string, string> = {}, d?: Partial<EngineDeps>) =>
  advance(g, initialState(variables), { kind: 'start' }, deps(d));
const say = (g: FlowGraph, state: EngineState, input: { id?: string; text?: string }, d?: Partial<EngineDeps>) =>
  advance(g, state, { kind: 'input', ...input }, deps(d));
const texts = (result: EngineResult) => result.replies.map((r) => (r.type === 'text' ? r.text : r.type === 'media' ? r.url : r.body));

describe('flow text', () => {
  it('fills placeholders, with spaces inside the braces, unknown variables as empty strings', () => {
    expect(fillPlaceholders('Hi {{name}}, {{ name }}! {{missing}}.', { name: 'Ana' })).toBe('Hi Ana, Ana! .');
    expect(fillPlaceholders('{{order.status}}', { 'order.status': 'sent' })).toBe('sent');
  });

  it('leaves what is not a placeholder, and never reads inherited properties', () => {
    expect(fillPlaceholders('{{ not a name }} {{1x}} {single}', {})).toBe('{{ not a name }} {{1x}} {single}');
    expect(fillPlaceholders('[{{constructor}}][{{__proto__}}][{{toString}}]', {})).toBe('[][][]');
    expect(fillPlaceholders(undefined, {})).toBe('');
  });

  it('percent-encodes values filled into a URL, except a placeholder that starts it', () => {
    const vars = { base: 'https://api.example.com', id: '4/2', name: 'Ana & Bob?x=1' };
    expect(fillUrlPlaceholders('{{base}}/orders/{{id}}?who={{name}}', vars)).toBe(
      'https://api.example.com/orders/4%2F2?who=Ana%20%26%20Bob%3Fx%3D1',
    );
  });

  it('escapes values inside JSON strings of a JSON body and keeps JSON values outside strings', () => {
    const vars = { name: 'Ana "the boss" \\ \n', order: '{"id":7}' };
    const body = fillBodyPlaceholders('{"name": "{{name}}", "note": "say \\"{{name}}\\"", "order": {{order}}}', vars);
    expect(JSON.parse(body)).toEqual({ name: vars.name, note: `say "${vars.name}"`, order: { id: 7 } });
    expect(fillBodyPlaceholders('name={{name}}', { name: 'a"b' })).toBe('name=a"b');
  });

  it('truncates with an ellipsis and never splits an emoji', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abcdefg', 6)).toBe('abcde…');
    const cut = truncate('abcd😀xyz', 6);
    expect(cut).toBe('abcd…');
    expect(cut.length).toBeLessThanOrEqual(6);
  });
});

describe('flow engine: running', () => {
  const greeting = graph(
    [start, message('welcome', 'Hi {{name}}!'), question('ask', ['Sales', 'Support'], { variable: 'topic', timeoutMinutes: 30 })],
    [
      ['start', 'welcome'],
      ['welcome', 'ask'],
    ],
  );

  it('initialState is active, at no node, with the given variables', () => {
    expect(initialState({ name: 'Ana' })).toEqual({
      status: 'active',
      currentNodeId: null,
      variables: { name: 'Ana' },
      retries: 0,
      endedReason: null,
      handedOff: false,
    });
  });

  it('runs from the start node until a question, sends it and waits there', async () => {
    const result = await run(greeting, { name: 'Ana' });
    expect(result.replies).toEqual([
      { type: 'text', text: 'Hi Ana!' },
      {
        type: 'buttons',
        body: 'Pick one',
        buttons: [
          { id: 'o1', title: 'Sales' },
          { id: 'o2', title: 'Support' },
        ],
      },
    ]);
    expect(result.state).toMatchObject({ status: 'waiting', currentNodeId: 'ask', retries: 0, endedReason: null, handedOff: false });
    expect(result.visited).toEqual(['start', 'welcome', 'ask']);
    expect(result.timeoutMinutes).toBe(30);
  });

  it('completes at a node with no edge, staying at that node', async () => {
    const result = await run(graph([start, message('m', 'Bye')], [['start', 'm']]));
    expect(result.state).toMatchObject({ status: 'ended', endedReason: 'completed', currentNodeId: 'm', handedOff: false });
    expect(result.timeoutMinutes).toBeNull();
  });

  it('ends with error without a start node, at an edge to a missing node, or at an unknown node type', async () => {
    expect((await run(graph([message('m', 'x')]))).state).toMatchObject({ status: 'ended', endedReason: 'error', currentNodeId: null });
    const missing = await run(
      graph(
        [start, message('m', 'x')],
        [
          ['start', 'm'],
          ['m', 'ghost'],
        ],
      ),
    );
    expect(missing.state).toMatchObject({ status: 'ended', endedReason: 'error', currentNodeId: 'm' });
    expect(missing.replies).toEqual([{ type: 'text', text: 'x' }]);
    const unknown = await run(graph([start, { id: 'w', type: 'webhook', data: {} }], [['start', 'w']]));
    expect(unknown.state).toMatchObject({ status: 'ended', endedReason: 'error', currentNodeId: 'w' });
    expect(unknown.visited).toEqual(['start', 'w']);
  });

  it('sends media with the text as caption, image by default; an audio gets its text as a separate message', async () => {
    const g = graph(
      [
        start,
        message('pic', 'Our menu for {{name}}', { mediaUrl: 'https://cdn.example.com/{{name}}.png' }),
        message('doc', '', { mediaUrl: 'https://cdn.example.com/terms.pdf', mediaType: 'document' }),
        message('voice', 'Listen', { mediaUrl: 'https://cdn.example.com/hi.ogg', mediaType: 'audio' }),
      ],
      [
        ['start', 'pic'],
        ['pic', 'doc'],
        ['doc', 'voice'],
      ],
    );
    const result = await run(g, { name: 'Ana Silva' });
    expect(result.replies).toEqual([
      { type: 'media', mediaType: 'image', url: 'https://cdn.example.com/Ana%20Silva.png', caption: 'Our menu for Ana Silva' },
      { type: 'media', mediaType: 'document', url: 'https://cdn.example.com/terms.pdf', caption: undefined },
      { type: 'media', mediaType: 'audio', url: 'https://cdn.example.com/hi.ogg', caption: undefined },
      { type: 'text', text: 'Listen' },
    ]);
  });

  it('sends nothing for a message whose text is empty once filled', async () => {
    const result = await run(graph([start, message('m', '{{nothing}}')], [['start', 'm']]));
    expect(result.replies).toEqual([]);
    expect(result.state.endedReason).toBe('completed');
  });

  it('stops a loop that never waits with loop_guard after maxSteps nodes', async () => {
    const g = graph(
      [start, message('a', 'A'), message('b', 'B')],
      [
        ['start', 'a'],
        ['a', 'b'],
        ['b', 'a'],
      ],
    );
    const result = await run(g, {}, { maxSteps: 10 });
    expect(result.state).toMatchObject({ status: 'ended', endedReason: 'loop_guard' });
    expect(result.visited).toHaveLength(10);
    expect(result.replies).toHaveLength(9);
  });

  it('does not change the graph or the state it is given', async () => {
    const state = initialState({ name: 'Ana' });
    const frozenState = structuredClone(state);
    const frozenGraph = structuredClone(greeting);
    const first = await advance(greeting, state, { kind: 'start' }, deps());
    await say(greeting, first.state, { text: 'nonsense' });
    expect(state).toEqual(frozenState);
    expect(greeting).toEqual(frozenGraph);
    expect(first.state.retries).toBe(0);
  });

  it('a start event restarts a waiting session from the start, keeping its variables', async () => {
    const waiting = await run(greeting, { name: 'Ana' });
    const again = await advance(greeting, { ...waiting.state, retries: 2, variables: { name: 'Bo' } }, { kind: 'start' }, deps());
    expect(again.state).toMatchObject({ status: 'waiting', currentNodeId: 'ask', retries: 0 });
    expect(texts(again)[0]).toBe('Hi Bo!');
  });

  it('cuts texts to WhatsApp limits after filling placeholders', async () => {
    const long = 'x'.repeat(5_000);
    const g = graph(
      [start, message('m', 'Hello {{long}}'), { ...question('q', ['{{long}}', 'B'], { question: 'Q {{long}}' }) }],
      [
        ['start', 'm'],
        ['m', 'q'],
      ],
    );
    const result = await run(g, { long });
    const [text, buttons] = result.replies as [Extract<BotReply, { type: 'text' }>, Extract<BotReply, { type: 'buttons' }>];
    expect(text.text).toHaveLength(4_096);
    expect(text.text.endsWith('…')).toBe(true);
    expect(buttons.body).toHaveLength(1_024);
    expect(buttons.buttons[0]?.title).toHaveLength(20);
  });
});

describe('flow engine: conditions', () => {
  async function branch(variables: Record<string, string>, operator: string, value?: string, variable = 'v') {
    const g = graph(
      [start, condition('c', variable, operator, value), message('yes', 'yes'), message('no', 'no')],
      [
        ['start', 'c'],
        ['c', 'yes', 'true'],
        ['c', 'no', 'false'],
      ],
    );
    const result = await run(g, variables);
    if (result.state.endedReason === 'error') return 'error';
    return texts(result)[0];
  }

  it.each([
    ['equals', 'Sales', ' sales ', 'yes'],
    ['equals', 'Sales', 'Support', 'no'],
    ['not_equals', 'Sales', 'SALES', 'no'],
    ['not_equals', 'Sales', 'Support', 'yes'],
    ['contains', 'I want a REFUND now', 'refund', 'yes'],
    ['contains', 'hello', 'bye', 'no'],
    ['starts_with', 'Order 42', 'order', 'yes'],
    ['starts_with', 'My order 42', 'order', 'no'],
    ['matches', 'ORD-1234', '^ord-\\d{4}$', 'yes'],
    ['matches', 'ORD-12', '^ord-\\d{4}$', 'no'],
    ['matches', 'anything', '([', 'no'],
    ['greater_than', '10', '9', 'yes'],
    ['greater_than', '9', '10', 'no'],
    ['greater_than', ' 2.5 ', '2', 'yes'],
    ['greater_than', 'ten', '9', 'no'],
    ['greater_than', '', '-1', 'no'],
    ['less_than', '-3', '0', 'yes'],
    ['less_than', '1e3', '999', 'no'],
    ['exists', 'x', undefined, 'yes'],
    ['exists', '   ', undefined, 'no'],
  ])('%s: %j against %j → %s', async (operator, actual, value, expected) => {
    expect(await branch({ v: actual }, operator, value)).toBe(expected);
  });

  it('reads a missing variable as empty and fills placeholders in the value', async () => {
    expect(await branch({}, 'equals', '')).toBe('yes');
    expect(await branch({}, 'exists')).toBe('no');
    expect(await branch({ v: 'Ana', name: 'ana' }, 'equals', '{{name}}')).toBe('yes');
    expect(await branch({ topic: 'Sales' }, 'equals', 'Sales', '{{topic}}')).toBe('yes');
  });

  it('answers catastrophic patterns on 10,000 characters in linear time (well under 100 ms), and rightly', async () => {
    // The first match of a run compiles the engine's code paths; a live server has long done so.
    await branch({ v: 'warm' }, 'matches', '(a+)+$');
    const long = 'a'.repeat(10_000);
    const timed = async (value: string, pattern: string) => {
      const started = performance.now();
      const answer = await branch({ v: value }, 'matches', pattern);
      return { answer, ms: performance.now() - started };
    };
    const refused = await timed(`${long}!`, '(a+)+$');
    expect(refused.answer).toBe('no');
    expect(refused.ms).toBeLessThan(100);
    // A backtracking engine gives up on these (or stalls); a linear one finds the match at the end of the text.
    const found = await timed(`${long}!`, '(a|aa)+!$');
    expect(found.answer).toBe('yes');
    expect(found.ms).toBeLessThan(100);
  });

  it('runs every pattern of one advance, however many, each on the whole value', async () => {
    const nodes: N[] = [start, message('all', 'all matched')];
    const edges: E[] = [];
    for (let k = 0; k < 20; k++) {
      nodes.push(condition(`c${k}`, 'v', 'matches', '^(a|aa)+b$'));
      edges.push([k === 0 ? 'start' : `c${k - 1}`, `c${k}`], [`c${k}`, k === 19 ? 'all' : `c${k + 1}`, 'true']);
    }
    const result = await run(graph(nodes, edges), { v: `${'a'.repeat(5_000)}b` });
    expect(texts(result)).toEqual(['all matched']);
  });

  it('matches with RE2 semantics, ignoring case; what RE2 cannot run (a back-reference, a look-ahead) is no match', async () => {
    expect(await branch({ v: 'Order ORD-1234 shipped' }, 'matches', 'ord-\\d{4}')).toBe('yes');
    expect(await branch({ v: 'Ünïcode' }, 'matches', '^ünïcode$')).toBe('yes');
    expect(await branch({ v: 'abab' }, 'matches', '(ab)\\1')).toBe('no');
    expect(await branch({ v: 'ab' }, 'matches', 'a(?=b)')).toBe('no');
  });

  it('ends with error at an unknown operator, completes when the branch has no edge', async () => {
    expect(await branch({ v: 'x' }, 'sounds_like', 'x')).toBe('error');
    const result = await run(graph([start, condition('c', 'v', 'exists')], [['start', 'c']]), { v: 'x' });
    expect(result.state).toMatchObject({ status: 'ended', endedReason: 'completed', currentNodeId: 'c' });
  });
});

describe('flow engine: questions', () => {
  const g = graph(
    [
      start,
      question('ask', ['Sales', 'Support', 'Billing'], { variable: 'topic' }),
      message('sales', 'Sales it is, {{topic}}'),
      message('support', 'Support: {{last_answer}}'),
      message('fallback', 'Let me get someone'),
    ],
    [
      ['start', 'ask'],
      ['ask', 'sales', 'o1'],
      ['ask', 'support', 'o2'],
    ],
  );
  const waiting = async () => (await run(g)).state;

  it('matches a tapped button by its id and follows the option edge', async () => {
    const result = await say(g, await waiting(), { id: 'o2', text: 'whatever' });
    expect(texts(result)).toEqual(['Support: Support']);
    expect(result.state.variables).toMatchObject({ topic: 'Support', last_answer: 'Support' });
    expect(result.visited).toEqual(['support']);
    expect(result.state).toMatchObject({ status: 'ended', endedReason: 'completed', currentNodeId: 'support', retries: 0 });
  });

  it('matches a typed title (trimmed, any case) or the option number', async () => {
    expect(texts(await say(g, await waiting(), { text: '  sALES ' }))).toEqual(['Sales it is, Sales']);
    expect(texts(await say(g, await waiting(), { text: '2' }))).toEqual(['Support: Support']);
    expect(texts(await say(g, await waiting(), { id: 'stale-button', text: 'sales' }))).toEqual(['Sales it is, Sales']);
  });

  it("takes the question's edge without a handle for an option without an edge of its own", async () => {
    const routed = graph(g.nodes as N[], [
      ['start', 'ask'],
      ['ask', 'sales', 'o1'],
      ['ask', 'fallback'],
    ]);
    const state = (await run(routed)).state;
    expect(texts(await say(routed, state, { text: 'billing' }))).toEqual(['Let me get someone']);
    expect(texts(await say(routed, state, { id: 'o1' }))).toEqual(['Sales it is, Sales']);
  });

  it('completes at the question when the chosen option has no edge', async () => {
    const result = await say(g, await waiting(), { text: 'billing' });
    expect(result.state).toMatchObject({ status: 'ended', endedReason: 'completed', currentNodeId: 'ask' });
    expect(result.state.variables.topic).toBe('Billing');
  });

  it('asks again after an answer that matches nothing, then hands off without a fallback edge', async () => {
    let state = await waiting();
    for (const retry of [1, 2]) {
      const result = await say(g, state, { text: 'pizza' });
      expect(result.state).toMatchObject({ status: 'waiting', currentNodeId: 'ask', retries: retry });
      expect(result.replies[0]).toEqual({ type: 'text', text: defaultRetryMessage });
      expect(result.replies[1]?.type).toBe('buttons');
      expect(result.visited).toEqual([]);
      state = result.state;
    }
    const last = await say(g, state, { text: '4' });
    expect(last.replies).toEqual([]);
    expect(last.state).toMatchObject({ status: 'ended', endedReason: 'handoff', handedOff: true, currentNodeId: 'ask' });
  });

  it('follows the fallback edge once retries are used up, with a custom retry message and maxRetries', async () => {
    const withFallback = graph(
      [start, question('ask', ['A', 'B'], { maxRetries: 1, retryMessage: 'Please tap A or B, {{name}}' }), message('fb', 'Fallback')],
      [
        ['start', 'ask'],
        ['ask', 'fb', 'fallback'],
      ],
    );
    const first = await run(withFallback, { name: 'Ana' });
    const retry = await say(withFallback, first.state, { text: 'c' });
    expect(texts(retry)[0]).toBe('Please tap A or B, Ana');
    const fallback = await say(withFallback, retry.state, { text: 'c' });
    expect(texts(fallback)).toEqual(['Fallback']);
    expect(fallback.state).toMatchObject({ status: 'ended', endedReason: 'completed', retries: 0, handedOff: false });
  });

  it('goes straight to the fallback with maxRetries 0, and a match resets retries', async () => {
    const g0 = graph(
      [start, question('ask', ['A', 'B'], { maxRetries: 0 }), message('fb', 'Fallback')],
      [
        ['start', 'ask'],
        ['ask', 'fb', 'fallback'],
      ],
    );
    expect(texts(await say(g0, (await run(g0)).state, { text: 'zzz' }))).toEqual(['Fallback']);
    const loop = graph(
      [start, question('ask', ['Again', 'Stop'])],
      [
        ['start', 'ask'],
        ['ask', 'ask', 'o1'],
      ],
    );
    const retried = await say(loop, (await run(loop)).state, { text: 'zzz' });
    expect(retried.state.retries).toBe(1);
    const again = await say(loop, retried.state, { text: 'again' });
    expect(again.state).toMatchObject({ status: 'waiting', currentNodeId: 'ask', retries: 0 });
    expect(again.visited).toEqual(['ask']);
  });

  it('sends more than 3 options as a list, with its button, row descriptions and at most 10 rows', async () => {
    const titles = Array.from({ length: 12 }, (_, k) => `Option number ${k + 1} with a long title`);
    const ask = question('ask', titles, { listButton: 'See {{what}}' });
    (ask.data.options as { description?: string }[])[0]!.description = 'd'.repeat(100);
    const listGraph = graph([start, ask], [['start', 'ask']]);
    const result = await run(listGraph, { what: 'options' });
    const list = result.replies[0] as Extract<BotReply, { type: 'list' }>;
    expect(list.type).toBe('list');
    expect(list.button).toBe('See options');
    expect(list.rows).toHaveLength(10);
    expect(list.rows[0]).toEqual({ id: 'o1', title: 'Option number 1 with a…', description: `${'d'.repeat(71)}…` });
    expect(list.rows[1]?.description).toBeUndefined();
    const defaultButton = await run(graph([start, question('ask', ['a', 'b', 'c', 'd'])], [['start', 'ask']]));
    expect((defaultButton.replies[0] as Extract<BotReply, { type: 'list' }>).button).toBe('Choose');
    const chosen = await say(listGraph, result.state, { text: 'option number 3 with a…' });
    expect(chosen.state.variables.last_answer).toBe('Option number 3 with a long title');
    expect((await say(listGraph, result.state, { text: '11' })).state.retries).toBe(1);
  });

  it('ends with error at a question without usable options, or when the waiting node is gone', async () => {
    const empty = await run(graph([start, question('ask', [])], [['start', 'ask']]));
    expect(empty.state).toMatchObject({ status: 'ended', endedReason: 'error' });
    const state = await waiting();
    const changed = graph([start, message('ask', 'now a message')], [['start', 'ask']]);
    expect((await say(changed, state, { text: 'sales' })).state).toMatchObject({ status: 'ended', endedReason: 'error' });
  });

  it('answers an ended or active session unchanged, with no replies', async () => {
    const ended = (await say(g, await waiting(), { text: 'billing' })).state;
    const result = await say(g, ended, { text: 'sales' });
    expect(result).toEqual({ state: ended, replies: [], visited: [], timeoutMinutes: null });
    const active = initialState({ a: 'b' });
    expect((await say(g, active, { text: 'sales' })).state).toEqual(active);
    expect((await advance(g, ended, { kind: 'timeout' }, deps())).state).toEqual(ended);
  });

  it('follows the timeout edge of a waiting question, or ends with timeout', async () => {
    const timed = graph(
      [start, question('ask', ['A'], { timeoutMinutes: 5 }), message('late', 'Still there?')],
      [
        ['start', 'ask'],
        ['ask', 'late', 'timeout'],
      ],
    );
    const result = await advance(timed, (await run(timed)).state, { kind: 'timeout' }, deps());
    expect(texts(result)).toEqual(['Still there?']);
    expect(result.visited).toEqual(['late']);
    const plain = await advance(g, await waiting(), { kind: 'timeout' }, deps());
    expect(plain.state).toMatchObject({ status: 'ended', endedReason: 'timeout', currentNodeId: 'ask' });
    expect(plain.replies).toEqual([]);
  });
});

describe('flow engine: actions', () => {
  it('sets a variable from a value with placeholders, capped in length', async () => {
    const g = graph(
      [start, action('set', { actionType: 'set_variable', variable: 'greeting', value: 'Hello {{name}}' }), message('m', '{{greeting}}!')],
      [
        ['start', 'set'],
        ['set', 'm'],
      ],
    );
    expect(texts(await run(g, { name: 'Ana' }))).toEqual(['Hello Ana!']);
    const big = graph([start, action('set', { actionType: 'set_variable', variable: 'x', value: '{{y}}{{y}}' })], [['start', 'set']]);
    expect((await run(big, { y: 'y'.repeat(maxVariableLength) })).state.variables.x).toHaveLength(maxVariableLength);
  });

  it('hands off with its message, and ends with its message', async () => {
    const handoff = await run(graph([start, action('h', { actionType: 'handoff', message: 'An agent will reply' })], [['start', 'h']]));
    expect(texts(handoff)).toEqual(['An agent will reply']);
    expect(handoff.state).toMatchObject({ status: 'ended', endedReason: 'handoff', handedOff: true, currentNodeId: 'h' });
    const bye = await run(
      graph(
        [start, action('e', { actionType: 'end', message: 'Bye {{name}}' }), message('never', 'x')],
        [
          ['start', 'e'],
          ['e', 'never'],
        ],
      ),
      {
        name: 'Ana',
      },
    );
    expect(texts(bye)).toEqual(['Bye Ana']);
    expect(bye.state).toMatchObject({ status: 'ended', endedReason: 'completed', handedOff: false, currentNodeId: 'e' });
    const silent = await run(graph([start, action('e', { actionType: 'end' })], [['start', 'e']]));
    expect(silent.replies).toEqual([]);
  });

  it('ends with error at an unknown action or a set_variable without a variable', async () => {
    for (const data of [{ actionType: 'send_email' }, { actionType: 'set_variable', value: 'x' }, {}]) {
      const result = await run(graph([start, action('a', data)], [['start', 'a']]));
      expect(result.state).toMatchObject({ status: 'ended', endedReason: 'error', currentNodeId: 'a' });
    }
  });

  const httpGraph = (data: Record<string, unknown>, withErrorEdge = true) =>
    graph(
      [
        start,
        action('call', { actionType: 'http_request', ...data }),
        message('ok', 'ok {{http_status}}'),
        message('bad', 'bad: {{http_error}}'),
      ],
      [['start', 'call'], ['call', 'ok'], ...(withErrorEdge ? ([['call', 'bad', 'error']] as E[]) : [])],
    );

  it('calls HTTP with the filled request and maps the JSON answer into variables', async () => {
    const requests: HttpActionRequest[] = [];
    const callHttp = async (request: HttpActionRequest): Promise<HttpActionResult> => {
      requests.push(request);
      return {
        ok: true,
        status: 200,
        body: { order: { status: 'shipped', total: 42.5, paid: true, lines: [{ sku: 'A1' }] }, note: null },
      };
    };
    const g = httpGraph({
      url: 'https://api.example.com/orders/{{order}}?name={{name}}',
      method: 'POST',
      headers: { Authorization: 'Bearer {{token}}' },
      body: '{"customer": "{{name}}"}',
      responseMapping: [
        { variable: 'status', path: 'order.status' },
        { variable: 'total', path: 'order.total' },
        { variable: 'paid', path: 'order.paid' },
        { variable: 'sku', path: 'order.lines.0.sku' },
        { variable: 'lines', path: 'order.lines' },
        { variable: 'missing', path: 'order.nothing.here' },
        { variable: 'note', path: 'note' },
        { variable: 'proto', path: 'order.constructor' },
      ],
    });
    const result = await run(g, { order: '7', name: 'Ana "A"', token: 't0k' }, { callHttp });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'https://api.example.com/orders/7?name=Ana%20%22A%22',
        headers: { Authorization: 'Bearer t0k' },
        body: '{"customer": "Ana \\"A\\""}',
        timeoutMs: 5_000,
      },
    ]);
    expect(result.state.variables).toMatchObject({
      status: 'shipped',
      total: '42.5',
      paid: 'true',
      sku: 'A1',
      lines: '[{"sku":"A1"}]',
      missing: '',
      note: '',
      proto: '',
      http_status: '200',
    });
    expect(texts(result)).toEqual(['ok 200']);
  });

  it('sends no body with GET, and the default method is GET', async () => {
    const requests: HttpActionRequest[] = [];
    const callHttp = async (request: HttpActionRequest): Promise<HttpActionResult> => {
      requests.push(request);
      return { ok: true, status: 204, body: '' };
    };
    await run(httpGraph({ url: 'https://api.example.com/x', body: 'ignored', timeoutMs: 2_000 }), {}, { callHttp });
    expect(requests[0]).toEqual({ method: 'GET', url: 'https://api.example.com/x', headers: {}, timeoutMs: 2_000 });
  });

  it('on failure keeps the reason in http_error and takes the error edge, else the default edge', async () => {
    const callHttp = async (): Promise<HttpActionResult> => ({ ok: false, error: 'No answer within 5000 ms' });
    const viaError = await run(httpGraph({ url: 'https://x.example' }), { http_status: '200' }, { callHttp });
    expect(texts(viaError)).toEqual(['bad: No answer within 5000 ms']);
    expect(viaError.state.variables.http_status).toBeUndefined();
    const viaDefault = await run(httpGraph({ url: 'https://x.example' }, false), {}, { callHttp });
    expect(viaDefault.visited).toEqual(['start', 'call', 'ok']);
    const status = async (): Promise<HttpActionResult> => ({ ok: false, error: 'The server answered 404 Not Found', status: 404 });
    const notFound = await run(httpGraph({ url: 'https://x.example' }), {}, { callHttp: status });
    expect(notFound.state.variables).toMatchObject({ http_status: '404', http_error: 'The server answered 404 Not Found' });
  });

  it('treats a caller that throws as a failed call', async () => {
    const callHttp = async (): Promise<HttpActionResult> => {
      throw new Error('boom');
    };
    const result = await run(httpGraph({ url: 'https://x.example' }), {}, { callHttp });
    expect(texts(result)).toEqual(['bad: The HTTP call failed unexpectedly']);
    expect(result.state.status).toBe('ended');
  });
});

// Property tests: graphs as an old version or a hand-made import might hold them.
const ids = ['start', 'a', 'b', 'c', 'd', 'e'];
const handles = [undefined, '', 'default', 'true', 'false', 'fallback', 'timeout', 'error', 'o1', 'o2', 'o3', 'o4'];
const shortText = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{{name}}', '{{ x }}', '{{x}}{{x}}{{x}}', 'x'.repeat(5_000)));
const option = fc.record({
  id: fc.constantFrom('o1', 'o2', 'o3', 'o4', '', ' '),
  title: shortText,
  description: fc.option(shortText, { nil: undefined }),
});
const nodeData = fc.oneof(
  fc.record({
    message: shortText,
    mediaUrl: fc.option(shortText, { nil: undefined }),
    mediaType: fc.option(fc.string(), { nil: undefined }),
  }),
  fc.record({
    variable: fc.constantFrom('x', 'name', '', '{{x}}'),
    operator: fc.constantFrom('equals', 'not_equals', 'contains', 'starts_with', 'matches', 'greater_than', 'less_than', 'exists', 'odd'),
    value: fc.option(fc.oneof(shortText, fc.constantFrom('(a+)+$', '[', '\\d+')), { nil: undefined }),
  }),
  fc.record({
    question: shortText,
    options: fc.array(option, { maxLength: 13 }),
    variable: fc.option(fc.constantFrom('x', 'answer'), { nil: undefined }),
    maxRetries: fc.option(fc.oneof(fc.integer({ min: -2, max: 6 }), fc.double()), { nil: undefined }),
    timeoutMinutes: fc.option(fc.oneof(fc.integer(), fc.double()), { nil: undefined }),
    listButton: fc.option(shortText, { nil: undefined }),
  }),
  fc.record({
    actionType: fc.constantFrom('set_variable', 'http_request', 'handoff', 'end', 'bogus'),
    variable: fc.option(fc.constantFrom('x', 'name', ''), { nil: undefined }),
    value: fc.option(shortText, { nil: undefined }),
    url: fc.option(shortText, { nil: undefined }),
    method: fc.option(fc.constantFrom('GET', 'POST', 'put', 'BREW'), { nil: undefined }),
    headers: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.anything()), { nil: undefined }),
    responseMapping: fc.option(fc.array(fc.anything(), { maxLength: 3 }), { nil: undefined }),
    message: fc.option(shortText, { nil: undefined }),
  }),
  fc.anything(),
);
const node = fc.record({
  id: fc.constantFrom(...ids),
  type: fc.constantFrom('start', 'message', 'condition', 'quickReply', 'action', 'mystery'),
  position: fc.constant({ x: 0, y: 0 }),
  data: nodeData,
});
const edge = fc.record({
  id: fc.string({ maxLength: 3 }),
  source: fc.constantFrom(...ids),
  target: fc.constantFrom(...ids, 'ghost'),
  sourceHandle: fc.constantFrom(...handles),
});
const arbitraryGraph = fc.record({ nodes: fc.array(node, { maxLength: 8 }), edges: fc.array(edge, { maxLength: 16 }) });
const event: fc.Arbitrary<EngineEvent> = fc.oneof(
  fc.constant({ kind: 'start' } as const),
  fc.constant({ kind: 'timeout' } as const),
  fc.record({
    kind: fc.constant('input' as const),
    id: fc.option(fc.constantFrom('o1', 'o2', 'o3', 'x'), { nil: undefined }),
    text: fc.option(fc.oneof(shortText, fc.constantFrom('1', '2', '11')), { nil: undefined }),
  }),
);
const httpAnswer: fc.Arbitrary<HttpActionResult> = fc.oneof(
  fc.record({ ok: fc.constant(true as const), status: fc.integer({ min: 200, max: 299 }), body: fc.jsonValue() }),
  fc.record({ ok: fc.constant(false as const), error: fc.string() }),
);

const limitsOf = (reply: BotReply): boolean => {
  switch (reply.type) {
    case 'text':
      return reply.text.length <= 4_096 && reply.text.trim() !== '';
    case 'media':
      return (reply.caption ?? '').length <= 1_024;
    case 'buttons':
      return reply.body.length <= 1_024 && reply.buttons.length <= 3 && reply.buttons.every((b) => b.title.length <= 20);
    case 'list':
      return (
        reply.body.length <= 1_024 &&
        reply.button.length <= 20 &&
        reply.rows.length <= 10 &&
        reply.rows.every((r) => r.title.length <= 24 && (r.description ?? '').length <= 72)
      );
  }
};

function checkResult(result: EngineResult, g: { nodes: { id: string; type: string }[] }, maxSteps: number) {
  expect(flowSessionStatuses).toContain(result.state.status);
  expect(result.replies.length).toBeLessThanOrEqual(2 * maxSteps + 2);
  expect(result.visited.length).toBeLessThanOrEqual(maxSteps);
  for (const reply of result.replies) {
    expect(botReplySchema.safeParse(reply).success).toBe(true);
    expect(limitsOf(reply)).toBe(true);
  }
  if (result.state.status === 'ended') expect(flowEndReasons).toContain(result.state.endedReason);
  if (result.state.status === 'waiting') {
    const waitingAt = g.nodes.find((n) => n.id === result.state.currentNodeId);
    expect(waitingAt?.type).toBe('quickReply');
  } else expect(result.timeoutMinutes).toBeNull();
  for (const value of Object.values(result.state.variables)) expect(value.length).toBeLessThanOrEqual(maxVariableLength);
}

describe('flow engine: properties', () => {
  it('never throws on arbitrary graphs and event sequences, and answers valid, bounded results', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryGraph,
        fc.array(event, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 20 }),
        httpAnswer,
        async (g, events, maxSteps, answer) => {
          const d = deps({ maxSteps, callHttp: async () => answer });
          let state = initialState({ name: 'Ana' });
          for (const e of [{ kind: 'start' } as EngineEvent, ...events]) {
            const result = await advance(g as FlowGraph, state, e, d);
            checkResult(result, g, maxSteps);
            state = result.state;
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never throws on anything at all as graph, state and event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), fc.anything(), async (g, state, e) => {
        const result = await advance(g as FlowGraph, state as EngineState, e as EngineEvent, deps({ maxSteps: 5 }));
        expect(flowSessionStatuses).toContain(result.state.status);
        expect(result.replies).toEqual(expect.any(Array));
      }),
      { numRuns: 300 },
    );
  });

  it('a waiting session keeps waiting at its question after an answer matching nothing, while retries last', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 5 }), async (typed, maxRetries) => {
        fc.pre(!['a', 'b', '1', '2'].includes(typed.trim().toLowerCase()));
        const g = graph([start, question('ask', ['A', 'B'], { maxRetries })], [['start', 'ask']]);
        let state = (await run(g)).state;
        for (let k = 1; k <= maxRetries; k++) {
          const result = await say(g, state, { text: typed });
          expect(result.state).toMatchObject({ status: 'waiting', currentNodeId: 'ask', retries: k });
          state = result.state;
        }
        const last = await say(g, state, { text: typed });
        expect(last.state).toMatchObject({ status: 'ended', endedReason: 'handoff', handedOff: true });
      }),
      { numRuns: 100 },
    );
  });

  it('filling placeholders leaves texts without {{ alone and never leaves a placeholder of a set variable', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, value) => {
        if (!text.includes('{{')) expect(fillPlaceholders(text, { v: value })).toBe(text);
        expect(fillPlaceholders(`${text}{{v}}${text}`, { v: value })).toBe(
          `${fillPlaceholders(text, { v: value })}${value}${fillPlaceholders(text, { v: value })}`,
        );
      }),
    );
  });

  it('a JSON body stays valid JSON whatever the values inside its strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const body = fillBodyPlaceholders('{"a": "{{a}}", "list": ["x{{b}}y", "{{a}}{{b}}"]}', { a, b });
        expect(JSON.parse(body)).toEqual({ a, list: [`x${b}y`, `${a}${b}`] });
      }),
    );
  });
});
