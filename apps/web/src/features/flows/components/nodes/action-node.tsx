import { flowHandles } from '@wac/contract/flows';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { NodeFrame } from './node-frame';
import { actionSummary, actionTitle } from './node-labels';
import { OutputHandles } from './output-handles';

/** Handoff and end stop the flow: nothing leaves them. An HTTP call also has an error way out. */
export function ActionNode({ id, data, selected }: NodeProps<CanvasNodeOf<'action'>>) {
  const http = data.actionType === 'http_request';
  const continues = http || data.actionType === 'set_variable';
  const summary = actionSummary(data);
  return (
    <NodeFrame
      id={id}
      type="action"
      selected={selected}
      outputs={http ? ['next', flowHandles.error] : undefined}
      handles={
        <>
          <Handle type="target" position={Position.Top} title="Drop a connection here" />
          {continues && (
            <OutputHandles
              ids={http ? [null, flowHandles.error] : [null]}
              titles={http ? ['Drag to the next step', 'Drag to where a failed call leads'] : ['Drag to the next step']}
            />
          )}
        </>
      }
    >
      <p className="flow-node-text flow-node-strong">{actionTitle(data)}</p>
      {summary && <p className="flow-node-muted flow-node-clip">{summary}</p>}
      {!continues && <p className="flow-node-muted">The flow stops here</p>}
    </NodeFrame>
  );
}
