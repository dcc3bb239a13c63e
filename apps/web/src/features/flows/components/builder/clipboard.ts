import type { CanvasEdge, CanvasNode } from './canvas-model';
import { nextNodeId } from './node-factory';

/** What Ctrl/Cmd+C keeps: the selected nodes (never the start node: a flow has one) and the edges between them. */
export interface FlowClipboard {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export const PASTE_OFFSET = 60;

export function copySelection(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): FlowClipboard | null {
  const copied = nodes.filter((n) => n.selected && n.type !== 'start');
  if (copied.length === 0) return null;
  const ids = new Set(copied.map((n) => n.id));
  return {
    nodes: copied.map((n) => structuredClone({ id: n.id, type: n.type, position: n.position, data: n.data }) as CanvasNode),
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)).map((e) => ({ ...e, selected: false })),
  };
}

/**
 * The clipboard's nodes with new ids (free among `existing` and each other), moved by `times` offsets so repeated
 * pastes do not stack, selected; its edges joined to the new ids.
 */
export function pasteClipboard(clipboard: FlowClipboard, existing: readonly CanvasNode[], times = 1): FlowClipboard {
  const taken = new Set(existing.map((n) => n.id));
  const newIds = new Map<string, string>();
  const nodes = clipboard.nodes.map((node) => {
    const id = nextNodeId(node.type, taken);
    taken.add(id);
    newIds.set(node.id, id);
    const position = { x: node.position.x + PASTE_OFFSET * times, y: node.position.y + PASTE_OFFSET * times };
    return { ...structuredClone(node), id, position, selected: true } as CanvasNode;
  });
  const edges = clipboard.edges.map((edge) => {
    const source = newIds.get(edge.source) as string;
    const target = newIds.get(edge.target) as string;
    return { ...edge, id: edgeId(source, edge.sourceHandle, target), source, target, selected: false };
  });
  return { nodes, edges };
}

/** One edge per handle, so the source, its handle and the target name it. */
export const edgeId = (source: string, sourceHandle: string | null | undefined, target: string) =>
  `e-${source}-${sourceHandle || 'next'}-${target}`;
