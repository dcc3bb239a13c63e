import { describe, expect, it } from 'vitest';
import { type CanvasNode, emptyDoc, type FlowDoc } from './canvas-model';
import { HISTORY_LIMIT, historyReducer, initialHistory } from './flow-history';
import { createNode } from './node-factory';

const message = (id: string, text = ''): CanvasNode => ({ id, type: 'message', position: { x: 0, y: 0 }, data: { message: text } });

function docWith(...nodes: CanvasNode[]): FlowDoc {
  const doc = emptyDoc();
  return { ...doc, nodes: [...doc.nodes, ...nodes] };
}

const textOf = (doc: FlowDoc, id: string) => (doc.nodes.find((n) => n.id === id)?.data as { message?: string } | undefined)?.message;

describe('historyReducer', () => {
  it('undoes and redoes an added node', () => {
    let state = initialHistory(emptyDoc());
    state = historyReducer(state, { type: 'add', nodes: [createNode('message', { x: 10, y: 10 }, new Set(['start']))] });
    expect(state.doc.nodes.map((n) => n.id)).toEqual(['start', 'message-1']);
    state = historyReducer(state, { type: 'undo' });
    expect(state.doc.nodes.map((n) => n.id)).toEqual(['start']);
    state = historyReducer(state, { type: 'redo' });
    expect(state.doc.nodes.map((n) => n.id)).toEqual(['start', 'message-1']);
    expect(state.doc.nodes[1]?.selected).toBe(true);
  });

  it('keeps typing in one field as one step, and a new field as the next', () => {
    let state = initialHistory(docWith(message('m1')));
    for (const text of ['H', 'He', 'Hel', 'Hello']) {
      state = historyReducer(state, { type: 'update-node', id: 'm1', data: { message: text }, group: 'm1:message' });
    }
    state = historyReducer(state, { type: 'update-node', id: 'm1', data: { mediaUrl: 'https://x.test/a.png' }, group: 'm1:mediaUrl' });
    expect(state.past).toHaveLength(2);
    state = historyReducer(state, { type: 'undo' });
    expect(textOf(state.doc, 'm1')).toBe('Hello');
    state = historyReducer(state, { type: 'undo' });
    expect(textOf(state.doc, 'm1')).toBe('');
  });

  it('records a drag once, as it starts, and never a selection or a measured size', () => {
    let state = initialHistory(docWith(message('m1')));
    state = historyReducer(state, { type: 'nodes-changed', changes: [{ id: 'm1', type: 'select', selected: true }] });
    state = historyReducer(state, {
      type: 'nodes-changed',
      changes: [{ id: 'm1', type: 'dimensions', dimensions: { width: 200, height: 80 } }],
    });
    expect(state.past).toHaveLength(0);
    for (const [x, dragging] of [
      [5, true],
      [10, true],
      [20, false],
    ] as const) {
      state = historyReducer(state, { type: 'nodes-changed', changes: [{ id: 'm1', type: 'position', position: { x, y: 0 }, dragging }] });
    }
    expect(state.past).toHaveLength(1);
    expect(state.doc.nodes[1]?.position).toEqual({ x: 20, y: 0 });
    state = historyReducer(state, { type: 'undo' });
    expect(state.doc.nodes[1]?.position).toEqual({ x: 0, y: 0 });
  });

  it('removes a node with its edges as one step, and ignores the edge removals React Flow sends after it', () => {
    let state = initialHistory(docWith(message('m1'), message('m2')));
    state = historyReducer(state, {
      type: 'connect',
      connection: { source: 'start', sourceHandle: null, target: 'm1', targetHandle: null },
    });
    state = historyReducer(state, { type: 'connect', connection: { source: 'm1', sourceHandle: null, target: 'm2', targetHandle: null } });
    expect(state.doc.edges).toHaveLength(2);
    state = historyReducer(state, { type: 'nodes-changed', changes: [{ id: 'm1', type: 'remove' }] });
    state = historyReducer(state, {
      type: 'edges-changed',
      changes: state.past.at(-1)?.edges.map((e) => ({ id: e.id, type: 'remove' as const })) ?? [],
    });
    expect(state.doc.edges).toHaveLength(0);
    state = historyReducer(state, { type: 'undo' });
    expect(state.doc.nodes.map((n) => n.id)).toEqual(['start', 'm1', 'm2']);
    expect(state.doc.edges).toHaveLength(2);
  });

  it('connects with a smoothstep, animated edge labelled by its handle; a handle leads to one node only', () => {
    const ask: CanvasNode = {
      id: 'ask',
      type: 'quickReply',
      position: { x: 0, y: 0 },
      data: { question: 'Help?', options: [{ id: 'option-1', title: 'Sales' }] },
    };
    let state = initialHistory(docWith(ask, message('m1'), message('m2')));
    const connect = (target: string) =>
      historyReducer(state, { type: 'connect', connection: { source: 'ask', sourceHandle: 'option-1', target, targetHandle: null } });
    state = connect('m1');
    state = connect('m2');
    expect(state.doc.edges).toEqual([
      expect.objectContaining({
        source: 'ask',
        sourceHandle: 'option-1',
        target: 'm2',
        type: 'smoothstep',
        animated: true,
        label: 'Sales',
      }),
    ]);
    expect(
      historyReducer(state, { type: 'connect', connection: { source: 'm1', sourceHandle: null, target: 'm1', targetHandle: null } }),
    ).toBe(state);
  });

  it('forgets what was undone once something new is done, and keeps at most the limit of steps', () => {
    let state = initialHistory(docWith(message('m1')));
    for (let k = 0; k < HISTORY_LIMIT + 5; k++)
      state = historyReducer(state, { type: 'update-node', id: 'm1', data: { message: `v${k}` } });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    state = historyReducer(state, { type: 'undo' });
    expect(state.future).toHaveLength(1);
    state = historyReducer(state, { type: 'set-details', patch: { name: 'Greeting' } });
    expect(state.future).toHaveLength(0);
    expect(historyReducer(initialHistory(emptyDoc()), { type: 'undo' }).doc.nodes).toHaveLength(1);
  });

  it('selects exactly the nodes asked for without an undo step', () => {
    let state = initialHistory(docWith(message('m1'), message('m2')));
    state = historyReducer(state, { type: 'select', nodeIds: ['m2'] });
    expect(state.doc.nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['m2']);
    expect(state.past).toHaveLength(0);
  });
});

describe('historyReducer, edges of changed nodes', () => {
  it('drops the edge of a removed option, and keeps the others', () => {
    const ask: CanvasNode = {
      id: 'ask',
      type: 'quickReply',
      position: { x: 0, y: 0 },
      data: {
        question: 'Help?',
        options: [
          { id: 'option-1', title: 'Sales' },
          { id: 'option-2', title: 'Support' },
        ],
      },
    };
    let state = initialHistory(docWith(ask, message('m1'), message('m2')));
    for (const [handle, target] of [
      ['option-1', 'm1'],
      ['option-2', 'm2'],
      ['timeout', 'm2'],
    ]) {
      state = historyReducer(state, {
        type: 'connect',
        connection: { source: 'ask', sourceHandle: handle ?? null, target: target ?? '', targetHandle: null },
      });
    }
    state = historyReducer(state, { type: 'update-node', id: 'ask', data: { options: [{ id: 'option-2', title: 'Support' }] } });
    expect(state.doc.edges.map((e) => e.sourceHandle)).toEqual(['option-2', 'timeout']);
    state = historyReducer(state, { type: 'undo' });
    expect(state.doc.edges).toHaveLength(3);
  });
});
