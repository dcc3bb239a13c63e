import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { sourceHandlesOf } from '../nodes/node-handles';
import { type CanvasEdge, type CanvasNode, edgeLabel, type FlowDoc } from './canvas-model';
import { edgeId } from './clipboard';

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 100;

export interface FlowHistory {
  doc: FlowDoc;
  past: FlowDoc[];
  future: FlowDoc[];
  /** The last edit's group: further edits of the same group (typing in one field) are one undo step. */
  group: string | null;
}

export type HistoryAction =
  /** A flow loaded from the server: nothing to undo. */
  | { type: 'load'; doc: FlowDoc }
  /** The whole flow replaced (an import, a restored draft): undo brings back what was there. */
  | { type: 'replace'; doc: FlowDoc }
  | { type: 'nodes-changed'; changes: NodeChange<CanvasNode>[] }
  | { type: 'edges-changed'; changes: EdgeChange<CanvasEdge>[] }
  | { type: 'connect'; connection: Connection }
  /** The edge leaving by this handle removed (the panel's "Not connected"). */
  | { type: 'disconnect'; source: string; sourceHandle: string | null }
  /** Nodes (and edges between them) added, and they alone selected: the palette, a paste. */
  | { type: 'add'; nodes: CanvasNode[]; edges?: CanvasEdge[] }
  | { type: 'update-node'; id: string; data: Record<string, unknown>; group?: string }
  | { type: 'set-details'; patch: Partial<Pick<FlowDoc, 'name' | 'description'>>; group?: string }
  /** Only these nodes and edges selected (the problems list, the panel's "select" links). */
  | { type: 'select'; nodeIds: string[]; edgeIds?: string[] }
  | { type: 'undo' }
  | { type: 'redo' };

export const initialHistory = (doc: FlowDoc): FlowHistory => ({ doc, past: [], future: [], group: null });

/** The edit becomes the present; what was there goes on the undo stack unless the edit continues the last one. */
function commit(state: FlowHistory, doc: FlowDoc, group: string | null = null): FlowHistory {
  if (group !== null && group === state.group) return { ...state, doc, future: [] };
  return { doc, past: [...state.past, state.doc].slice(-HISTORY_LIMIT), future: [], group };
}

/** Only the view changed (selection, sizes, a drag in progress): no undo step. */
const view = (state: FlowHistory, doc: FlowDoc): FlowHistory => ({ ...state, doc });

function onNodesChanged(state: FlowHistory, changes: NodeChange<CanvasNode>[]): FlowHistory {
  const { doc } = state;
  const byId = new Map(doc.nodes.map((n) => [n.id, n]));
  const removed = new Set(changes.flatMap((c) => (c.type === 'remove' && byId.has(c.id) ? [c.id] : [])));
  const positions = changes.filter((c) => c.type === 'position' && c.position && byId.has(c.id));
  // A drag is one step, recorded as it starts; an arrow-key move continues the previous one.
  const wasDragging = (id: string) => Boolean(byId.get(id)?.dragging);
  const dragStarts = positions.some((c) => c.type === 'position' && c.dragging && !wasDragging(c.id));
  const keyboardMove = positions.some((c) => c.type === 'position' && !c.dragging && !wasDragging(c.id));
  const nodes = applyNodeChanges(changes, doc.nodes);
  if (removed.size > 0) {
    const edges = doc.edges.filter((e) => !removed.has(e.source) && !removed.has(e.target));
    return commit(state, { ...doc, nodes, edges });
  }
  if (dragStarts) return commit(state, { ...doc, nodes });
  if (keyboardMove) return commit(state, { ...doc, nodes }, `move:${positions.map((c) => ('id' in c ? c.id : '')).join(',')}`);
  return view(state, { ...doc, nodes });
}

function onEdgesChanged(state: FlowHistory, changes: EdgeChange<CanvasEdge>[]): FlowHistory {
  const { doc } = state;
  const ids = new Set(doc.edges.map((e) => e.id));
  const edges = applyEdgeChanges(changes, doc.edges);
  // Edges removed with their node are gone already: that deletion was recorded once, with the node.
  const removes = changes.some((c) => c.type === 'remove' && ids.has(c.id));
  return removes ? commit(state, { ...doc, edges }) : view(state, { ...doc, edges });
}

/** A handle leads to one node: a new edge from it replaces the old one. Loops onto the same node are refused. */
function connect(state: FlowHistory, { source, sourceHandle, target, targetHandle }: Connection): FlowHistory {
  const { doc } = state;
  if (!source || !target || source === target) return state;
  const kept = doc.edges.filter((e) => !(e.source === source && (e.sourceHandle ?? null) === (sourceHandle ?? null)));
  const label = edgeLabel(doc.nodes, source, sourceHandle);
  const edge: CanvasEdge = {
    id: edgeId(source, sourceHandle, target),
    source,
    sourceHandle: sourceHandle ?? null,
    target,
    targetHandle: targetHandle ?? null,
    type: 'smoothstep',
    animated: true,
    ...(label ? { label } : {}),
  };
  return commit(state, { ...doc, edges: [...kept, edge] });
}

export function historyReducer(state: FlowHistory, action: HistoryAction): FlowHistory {
  const { doc } = state;
  switch (action.type) {
    case 'load':
      return initialHistory(action.doc);
    case 'replace':
      return commit(state, action.doc);
    case 'nodes-changed':
      return onNodesChanged(state, action.changes);
    case 'edges-changed':
      return onEdgesChanged(state, action.changes);
    case 'connect':
      return connect(state, action.connection);
    case 'disconnect': {
      const leaves = (e: CanvasEdge) => e.source === action.source && (e.sourceHandle ?? null) === action.sourceHandle;
      return doc.edges.some(leaves) ? commit(state, { ...doc, edges: doc.edges.filter((e) => !leaves(e)) }) : state;
    }
    case 'add': {
      const added = new Set(action.nodes.map((n) => n.id));
      const nodes = [
        ...doc.nodes.map((n) => (n.selected && !added.has(n.id) ? { ...n, selected: false } : n)),
        ...action.nodes.map((n) => ({ ...n, selected: true })),
      ];
      const edges = [...doc.edges.map((e) => (e.selected ? { ...e, selected: false } : e)), ...(action.edges ?? [])];
      return commit(state, { ...doc, nodes, edges });
    }
    case 'update-node': {
      const nodes = doc.nodes.map((n) => (n.id === action.id ? ({ ...n, data: { ...n.data, ...action.data } } as CanvasNode) : n));
      const updated = nodes.find((n) => n.id === action.id);
      if (!updated) return state;
      // A removed option, or an action that no longer continues, takes the edges leaving by it along.
      const handles = new Set(sourceHandlesOf(updated).map((h) => h.id ?? ''));
      const edges = doc.edges.filter((e) => e.source !== action.id || handles.has(e.sourceHandle ?? ''));
      return commit(state, { ...doc, nodes, edges: edges.length === doc.edges.length ? doc.edges : edges }, action.group ?? null);
    }
    case 'set-details':
      return commit(state, { ...doc, ...action.patch }, action.group ?? null);
    case 'select': {
      const nodeIds = new Set(action.nodeIds);
      const edgeIds = new Set(action.edgeIds ?? []);
      const nodes = doc.nodes.map((n) => (Boolean(n.selected) === nodeIds.has(n.id) ? n : { ...n, selected: nodeIds.has(n.id) }));
      const edges = doc.edges.map((e) => (Boolean(e.selected) === edgeIds.has(e.id) ? e : { ...e, selected: edgeIds.has(e.id) }));
      return view(state, { ...doc, nodes, edges });
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { doc: previous, past: state.past.slice(0, -1), future: [doc, ...state.future], group: null };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return { doc: next, past: [...state.past, doc], future, group: null };
    }
  }
}
