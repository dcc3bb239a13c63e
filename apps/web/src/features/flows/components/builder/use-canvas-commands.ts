import type { FlowIssue, FlowNodeType } from '@wac/contract/flows';
import { useReactFlow, type XYPosition } from '@xyflow/react';
import { type Dispatch, type RefObject, useCallback, useRef } from 'react';
import type { CanvasEdge, CanvasNode } from './canvas-model';
import { copySelection, type FlowClipboard, pasteClipboard } from './clipboard';
import type { HistoryAction } from './flow-history';
import { createNode } from './node-factory';

/** A new node's size before it is measured; nodes are 220 px wide. */
const NEW_NODE = { width: 220, height: 110 };
const GAP = 24;

/** Nodes added by click land in the middle of the view, moved down until they cover no other node. */
export function freeSpot(position: XYPosition, nodes: readonly CanvasNode[]): XYPosition {
  const overlaps = (spot: XYPosition) =>
    nodes.some((n) => {
      const width = n.measured?.width ?? NEW_NODE.width;
      const height = n.measured?.height ?? NEW_NODE.height;
      return (
        spot.x < n.position.x + width + GAP &&
        n.position.x < spot.x + NEW_NODE.width + GAP &&
        spot.y < n.position.y + height + GAP &&
        n.position.y < spot.y + NEW_NODE.height + GAP
      );
    });
  let spot = position;
  for (let step = 0; step < 200 && overlaps(spot); step++) spot = { x: spot.x, y: spot.y + GAP };
  return spot;
}

/** The canvas commands that need React Flow's view: adding, copying and pasting nodes, and showing a problem's node. */
export function useCanvasCommands(
  nodes: CanvasNode[],
  edges: CanvasEdge[],
  dispatch: Dispatch<HistoryAction>,
  canvas: RefObject<HTMLElement | null>,
) {
  const flow = useReactFlow<CanvasNode, CanvasEdge>();
  const clipboard = useRef<{ content: FlowClipboard; pasted: number } | null>(null);

  const addNode = useCallback(
    (type: FlowNodeType, at?: XYPosition) => {
      let position = at;
      if (!position) {
        const box = canvas.current?.getBoundingClientRect();
        const centre = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
        // The node's top-left corner, so that the node itself sits about the middle.
        position = freeSpot({ x: Math.round(centre.x - NEW_NODE.width / 2), y: Math.round(centre.y - NEW_NODE.height / 2) }, nodes);
        const bottom = box && flow.screenToFlowPosition({ x: box.right, y: box.bottom });
        // Moved out of sight by the nodes in the way: the view follows it.
        if (bottom && position.y + NEW_NODE.height > bottom.y) {
          void flow.setCenter(position.x + NEW_NODE.width / 2, position.y + NEW_NODE.height / 2, { zoom: flow.getZoom(), duration: 200 });
        }
      }
      dispatch({ type: 'add', nodes: [createNode(type, position, new Set(nodes.map((n) => n.id)))] });
    },
    [canvas, dispatch, flow, nodes],
  );

  const copy = useCallback(() => {
    const content = copySelection(nodes, edges);
    if (!content) return false;
    clipboard.current = { content, pasted: 0 };
    return true;
  }, [nodes, edges]);

  const paste = useCallback(() => {
    const held = clipboard.current;
    if (!held) return false;
    held.pasted += 1;
    const pasted = pasteClipboard(held.content, nodes, held.pasted);
    dispatch({ type: 'add', nodes: pasted.nodes, edges: pasted.edges });
    return true;
  }, [dispatch, nodes]);

  /** Selects what the problem is about, brings it into view and puts the keyboard focus on the node. */
  const showIssue = useCallback(
    (issue: FlowIssue) => {
      if (issue.nodeId) {
        const selector = `.react-flow__node[data-id="${CSS.escape(issue.nodeId)}"]`;
        const focusNode = () => {
          const element = canvas.current?.querySelector<HTMLElement>(selector);
          if (element && document.activeElement !== element) element.focus({ preventScroll: true });
        };
        dispatch({ type: 'select', nodeIds: [issue.nodeId] });
        // A large flow has only the nodes in view in the page: one out of view is there once the view reaches it.
        void flow.fitView({ nodes: [{ id: issue.nodeId }], duration: 300, maxZoom: 1.2 }).then(() => requestAnimationFrame(focusNode));
        focusNode();
      } else if (issue.edgeId) {
        dispatch({ type: 'select', nodeIds: [], edgeIds: [issue.edgeId] });
      }
    },
    [canvas, dispatch, flow],
  );

  return { addNode, copy, paste, showIssue, toFlowPosition: flow.screenToFlowPosition };
}
