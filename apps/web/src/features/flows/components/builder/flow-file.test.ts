import { describe, expect, it } from 'vitest';
import { type CanvasNode, emptyDoc, type FlowDoc, toFlowGraph } from './canvas-model';
import { exportFileName, exportFlowJson, importFlowJson } from './flow-file';
import { shortcutOf } from './use-builder-shortcuts';

const ask: CanvasNode = {
  id: 'ask',
  type: 'quickReply',
  position: { x: 0, y: 100 },
  data: { question: 'Help?', options: [{ id: 'option-1', title: 'Sales' }] },
  selected: true,
  measured: { width: 220, height: 120 },
};
const doc: FlowDoc = {
  ...emptyDoc(),
  name: 'Order status',
  nodes: [...emptyDoc().nodes, ask],
  edges: [
    { id: 'e1', source: 'start', target: 'ask' },
    { id: 'e2', source: 'ask', sourceHandle: 'option-1', target: 'start', selected: true },
  ],
};

describe('the saved graph', () => {
  it('keeps only the contract fields, with smoothstep animated edges labelled by their option', () => {
    const graph = toFlowGraph(doc.nodes, doc.edges);
    expect(graph.nodes[1]).toEqual({ id: 'ask', type: 'quickReply', position: { x: 0, y: 100 }, data: ask.data });
    expect(graph.nodes[0]?.deletable).toBe(false);
    expect(graph.edges[1]).toEqual({
      id: 'e2',
      source: 'ask',
      sourceHandle: 'option-1',
      target: 'start',
      targetHandle: null,
      type: 'smoothstep',
      animated: true,
      label: 'Sales',
    });
  });
});

describe('export and import', () => {
  it('exports name, description, nodes and edges, and imports them back', () => {
    const text = exportFlowJson(doc);
    expect(Object.keys(JSON.parse(text))).toEqual(['name', 'description', 'nodes', 'edges']);
    const imported = importFlowJson(text, { name: 'x', description: '' });
    expect(imported.ok && toFlowGraph(imported.doc.nodes, imported.doc.edges)).toEqual(toFlowGraph(doc.nodes, doc.edges));
    expect(imported.ok && imported.doc.name).toBe('Order status');
    expect(exportFileName('Order status: v2!')).toBe('order-status-v2.flow.json');
    expect(exportFileName('')).toBe('flow.flow.json');
  });

  it('refuses a file that is not a flow, and says why', () => {
    expect(importFlowJson('nope', doc)).toEqual({ ok: false, error: 'This file is not JSON.' });
    const noArray = importFlowJson('{"nodes": 3, "edges": []}', doc);
    expect(!noArray.ok && noArray.error).toMatch(/^This file is not a flow \(nodes: /);
    expect(importFlowJson('{"nodes": [], "edges": []}', doc)).toEqual({ ok: false, error: 'This flow has no start node.' });
  });

  it('loads a flow whose nodes are incomplete, for the builder to point at them; keeps the name when the file has none', () => {
    const text = JSON.stringify({
      nodes: [...toFlowGraph(doc.nodes, []).nodes, { id: 'm', type: 'message', position: { x: 0, y: 0 }, data: { message: '' } }],
      edges: [],
    });
    const imported = importFlowJson(text, { name: 'Kept', description: 'Also kept' });
    expect(imported.ok && [imported.doc.name, imported.doc.description, imported.doc.nodes.length]).toEqual(['Kept', 'Also kept', 3]);
  });
});

describe('shortcuts', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
    shortcutOf({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('reads undo, redo, copy and paste with Ctrl or Cmd', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('c', { metaKey: true })).toBe('copy');
    expect(key('v', { ctrlKey: true })).toBe('paste');
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});
