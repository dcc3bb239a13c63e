import type { Dispatch } from 'react';
import type { CanvasEdge, CanvasNode } from '../builder/canvas-model';
import type { HistoryAction } from '../builder/flow-history';
import { sourceHandlesOf } from '../nodes/node-handles';
import { nodeTypeLabels } from '../nodes/node-labels';
import { SelectField } from './select-field';

interface OutputsFieldsProps {
  node: CanvasNode;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  dispatch: Dispatch<HistoryAction>;
}

const NOT_CONNECTED = '';

/** Where each way out of the node leads: the same connections as dragging a handle, reachable from the keyboard. */
export function OutputsFields({ node, nodes, edges, dispatch }: OutputsFieldsProps) {
  const handles = sourceHandlesOf(node);
  if (handles.length === 0) return <p className="field-hint">Nothing follows this step: the flow stops here.</p>;
  const targets = [
    { value: NOT_CONNECTED, label: 'Not connected' },
    ...nodes
      .filter((n) => n.id !== node.id && n.type !== 'start')
      .map((n) => ({ value: n.id, label: `${nodeTypeLabels[n.type]} ${n.id}` })),
  ];
  return (
    <fieldset className="flow-outputs">
      <legend>Leads to</legend>
      {handles.map((handle) => {
        const edge = edges.find((e) => e.source === node.id && (e.sourceHandle ?? null) === handle.id);
        return (
          <SelectField
            key={handle.id ?? 'next'}
            label={handle.label}
            value={edge?.target ?? NOT_CONNECTED}
            options={targets}
            onChange={(target) =>
              dispatch(
                target === NOT_CONNECTED
                  ? { type: 'disconnect', source: node.id, sourceHandle: handle.id }
                  : { type: 'connect', connection: { source: node.id, sourceHandle: handle.id, target, targetHandle: null } },
              )
            }
          />
        );
      })}
    </fieldset>
  );
}
