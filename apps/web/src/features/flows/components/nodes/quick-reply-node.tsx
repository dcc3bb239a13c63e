import { flowHandles } from '@wac/contract/flows';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { NodeFrame } from './node-frame';
import { OutputHandles } from './output-handles';

const ways = [flowHandles.fallback, flowHandles.timeout] as const;

/** The question, then each option with its own handle on the right; fallback and timeout leave from the bottom. */
export function QuickReplyNode({ id, data, selected }: NodeProps<CanvasNodeOf<'quickReply'>>) {
  return (
    <NodeFrame
      id={id}
      type="quickReply"
      selected={selected}
      outputs={ways}
      handles={
        <>
          <Handle type="target" position={Position.Top} title="Drop a connection here" />
          <OutputHandles ids={ways} titles={['Drag to where an unmatched answer leads', 'Drag to where no answer in time leads']} />
        </>
      }
    >
      {data.question ? <p className="flow-node-text">{data.question}</p> : <p className="flow-node-muted">No question yet</p>}
      <ul className="flow-node-options">
        {data.options.map((option) => (
          <li key={option.id}>
            {option.title || <span className="flow-node-muted">Untitled option</span>}
            <Handle type="source" id={option.id} position={Position.Right} title={`Drag to where “${option.title}” leads`} />
          </li>
        ))}
      </ul>
    </NodeFrame>
  );
}
