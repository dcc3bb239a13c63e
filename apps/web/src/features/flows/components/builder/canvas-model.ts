import type { FlowEdge, FlowGraph, FlowNode, FlowNodeOf, FlowNodeType } from '@wac/contract/flows';
import type { Edge, Node } from '@xyflow/react';

/** A node as the canvas holds it: the saved fields plus what React Flow adds (selection, measured size, dragging). */
export type CanvasNodeOf<T extends FlowNodeType> = Node<FlowNodeOf<T>['data'], T>;
export type CanvasNode = { [T in FlowNodeType]: CanvasNodeOf<T> }[FlowNodeType];
export type CanvasEdge = Edge;

/** What the builder edits, and what undo, drafts and saves are made of. */
export interface FlowDoc {
  name: string;
  description: string;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export const emptyDoc = (): FlowDoc => ({
  name: '',
  description: '',
  nodes: [{ id: 'start', type: 'start', position: { x: 80, y: 160 }, data: { label: 'Start' }, deletable: false }],
  edges: [],
});

/** The label an edge shows, from where it leaves: the option's title, true/false, or the handle's name. */
export function edgeLabel(nodes: readonly CanvasNode[], source: string, sourceHandle: string | null | undefined): string | undefined {
  return labelFrom(
    nodes.find((n) => n.id === source),
    sourceHandle,
  );
}

/** edgeLabel for many edges of the same nodes: the nodes are looked up by id once, not once per edge. */
export function edgeLabels(nodes: readonly CanvasNode[]): (source: string, sourceHandle: string | null | undefined) => string | undefined {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (source, sourceHandle) => labelFrom(byId.get(source), sourceHandle);
}

function labelFrom(node: CanvasNode | undefined, sourceHandle: string | null | undefined): string | undefined {
  if (!sourceHandle) return undefined;
  if (node?.type === 'quickReply') {
    const option = node.data.options.find((o) => o.id === sourceHandle);
    if (option) return option.title || sourceHandle;
  }
  return sourceHandle;
}

function toFlowNode(node: CanvasNode): FlowNode {
  const saved = { id: node.id, type: node.type, position: { x: node.position.x, y: node.position.y }, data: node.data };
  return (node.deletable === false ? { ...saved, deletable: false } : saved) as FlowNode;
}

function toFlowEdge(edge: CanvasEdge, labelOf: ReturnType<typeof edgeLabels>): FlowEdge {
  const label = labelOf(edge.source, edge.sourceHandle);
  return {
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceHandle ?? null,
    target: edge.target,
    targetHandle: edge.targetHandle ?? null,
    type: 'smoothstep',
    animated: edge.animated ?? true,
    ...(label ? { label } : {}),
  };
}

/** The graph as saved and exported: only the contract's fields, edge labels kept in step with their options. */
export function toFlowGraph(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): FlowGraph {
  const labelOf = edgeLabels(nodes);
  return { nodes: nodes.map(toFlowNode), edges: edges.map((e) => toFlowEdge(e, labelOf)) };
}

/** A saved graph on the canvas; the start node cannot be deleted (a flow has exactly one). */
export function toCanvas(graph: FlowGraph): Pick<FlowDoc, 'nodes' | 'edges'> {
  return {
    nodes: graph.nodes.map((n) => ({ ...n, ...(n.type === 'start' ? { deletable: false } : {}) }) as CanvasNode),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
      type: e.type || 'smoothstep',
      animated: e.animated ?? true,
      ...(e.label ? { label: e.label } : {}),
    })),
  };
}

/** What decides whether there are unsaved changes: the saved fields only, never selection or sizes. */
export function docFingerprint(doc: Pick<FlowDoc, 'name' | 'description' | 'nodes' | 'edges'>): string {
  return JSON.stringify({ name: doc.name, description: doc.description, ...toFlowGraph(doc.nodes, doc.edges) });
}
