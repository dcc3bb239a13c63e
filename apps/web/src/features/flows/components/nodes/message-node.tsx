import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { NodeFrame } from './node-frame';

export function MessageNode({ id, data, selected }: NodeProps<CanvasNodeOf<'message'>>) {
  return (
    <NodeFrame
      id={id}
      type="message"
      selected={selected}
      handles={
        <>
          <Handle type="target" position={Position.Top} title="Drop a connection here" />
          <Handle type="source" position={Position.Bottom} title="Drag to the next step" />
        </>
      }
    >
      {data.mediaUrl && <p className="flow-node-muted">With {data.mediaType ?? 'media'}</p>}
      {data.message ? <p className="flow-node-text">{data.message}</p> : <p className="flow-node-muted">No message yet</p>}
    </NodeFrame>
  );
}
