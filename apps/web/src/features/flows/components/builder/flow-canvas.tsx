import type { FlowNodeType } from '@wac/contract/flows';
import {
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  type EdgeTypes,
  type FitViewOptions,
  MiniMap,
  type NodeChange,
  ReactFlow,
  type ReactFlowState,
  useStore,
  type XYPosition,
} from '@xyflow/react';
import { type Dispatch, type DragEvent, useCallback, useMemo } from 'react';
import { nodeAriaLabel } from '../nodes/node-labels';
import { nodeTypes } from '../nodes/node-types';
import { type CanvasEdge, type CanvasNode, edgeLabels } from './canvas-model';
import { FlowEdge } from './flow-edge';
import type { HistoryAction } from './flow-history';
import { type FlowProblems, issueElementId } from './flow-issues';
import { PALETTE_MIME } from './node-palette';

/** React Flow's id for this canvas: its node descriptions are `react-flow__node-desc-flow-canvas`. */
export const CANVAS_ID = 'flow-canvas';
const NODE_DESCRIPTION = `react-flow__node-desc-${CANVAS_ID}`;

const edgeTypes: EdgeTypes = { flow: FlowEdge };
const deleteKeys = ['Delete', 'Backspace'];
const ariaLabels = {
  'controls.ariaLabel': 'Canvas view',
  'controls.zoomIn.ariaLabel': 'Zoom in',
  'controls.zoomOut.ariaLabel': 'Zoom out',
  'controls.fitView.ariaLabel': 'Fit view',
};
/** The minimap (bottom right) and the zoom controls (bottom left) sit 15 px in from the canvas's edges. */
export const MINIMAP_SIZE = { width: 150, height: 100 };
export const OVERLAY_MARGIN_PX = 15;
/** Fit view keeps every node above the minimap and the controls: the bottom padding clears the taller of the two. */
export const FIT_VIEW_OPTIONS: FitViewOptions = {
  maxZoom: 1,
  padding: { top: '24px', right: '24px', left: '24px', bottom: `${MINIMAP_SIZE.height + OVERLAY_MARGIN_PX + 16}px` },
};
const defaultEdgeOptions = { type: 'smoothstep', animated: true };
const minimapColour = (node: { type?: string }) => `var(--flow-${node.type ?? 'message'})`;
/**
 * Up to this many edges every edge shows its direction with moving dashes. Beyond it only the selection's edges do:
 * each animated edge is restyled and repainted on every frame, so hundreds of them keep the canvas busy even at rest.
 */
export const ANIMATED_EDGES_LIMIT = 100;
/**
 * Below this zoom the nodes' 12 px text is under 5 px on screen: the nodes keep their size, colour, handles and
 * problem outline but neither they nor the edges' labels draw text (flow-nodes.css), which is most of what panning a
 * large flow has to paint.
 */
export const TEXT_HIDDEN_BELOW_ZOOM = 0.4;
/**
 * Above this many nodes only the nodes and edges in view are in the page, so a large flow pans as smoothly as a small
 * one. Smaller flows keep every node in the page, where Tab reaches each of them.
 */
export const RENDER_VISIBLE_ONLY_ABOVE = 100;
const zoomedOut = (s: ReactFlowState) => s.transform[2] < TEXT_HIDDEN_BELOW_ZOOM;

interface FlowCanvasProps {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  problems: FlowProblems;
  dispatch: Dispatch<HistoryAction>;
  readOnly: boolean;
  onDropNode: (type: FlowNodeType, position: XYPosition) => void;
  toFlowPosition: (point: XYPosition) => XYPosition;
}

/** The canvas: nodes with their problems described to screen readers, labelled edges, minimap and zoom controls. */
export function FlowCanvas({ nodes, edges, problems, dispatch, readOnly, onDropNode, toFlowPosition }: FlowCanvasProps) {
  // Re-renders the canvas only when the zoom crosses the threshold, not on every step of a pan or zoom.
  const textHidden = useStore(zoomedOut);
  const shownNodes = useMemo(
    () =>
      nodes.map((node) => {
        const issues = problems.byNode.get(node.id);
        const described = issues && issues.errors.length + issues.warnings.length > 0;
        return {
          ...node,
          ariaLabel: nodeAriaLabel(node),
          ...(described ? { domAttributes: { 'aria-describedby': `${NODE_DESCRIPTION} ${issueElementId(node.id)}` } } : {}),
        };
      }),
    [nodes, problems],
  );
  const shownEdges = useMemo(() => {
    const labelOf = edgeLabels(nodes);
    const animateAll = edges.length <= ANIMATED_EDGES_LIMIT;
    const selected = animateAll ? null : new Set(nodes.flatMap((node) => (node.selected ? [node.id] : [])));
    return edges.map((edge) => ({
      ...edge,
      type: 'flow',
      animated: Boolean(edge.animated) && (selected === null || edge.selected || selected.has(edge.source) || selected.has(edge.target)),
      // Labels follow the options' titles as they are typed.
      label: labelOf(edge.source, edge.sourceHandle),
      className: problems.edgeErrors.has(edge.id) ? 'has-error' : undefined,
    }));
  }, [edges, nodes, problems]);

  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => dispatch({ type: 'nodes-changed', changes }), [dispatch]);
  const onEdgesChange = useCallback((changes: EdgeChange<CanvasEdge>[]) => dispatch({ type: 'edges-changed', changes }), [dispatch]);
  const onConnect = useCallback((connection: Connection) => dispatch({ type: 'connect', connection }), [dispatch]);

  const onDragOver = (event: DragEvent) => {
    if (readOnly || !event.dataTransfer.types.includes(PALETTE_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_MIME) as FlowNodeType;
    if (readOnly || !type) return;
    event.preventDefault();
    onDropNode(type, toFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  return (
    <ReactFlow
      id={CANVAS_ID}
      className={textHidden ? 'is-zoomed-out' : undefined}
      aria-label="Flow canvas"
      nodes={shownNodes}
      edges={shownEdges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onDragOver={onDragOver}
      onDrop={onDrop}
      deleteKeyCode={readOnly ? null : deleteKeys}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      edgesReconnectable={false}
      defaultEdgeOptions={defaultEdgeOptions}
      fitView
      fitViewOptions={FIT_VIEW_OPTIONS}
      onlyRenderVisibleElements={nodes.length > RENDER_VISIBLE_ONLY_ABOVE}
      minZoom={0.2}
      ariaLabelConfig={ariaLabels}
    >
      <Background gap={20} />
      <MiniMap pannable zoomable nodeColor={minimapColour} ariaLabel="Minimap of the flow" style={MINIMAP_SIZE} />
      <Controls showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} />
    </ReactFlow>
  );
}
