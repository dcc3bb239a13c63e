import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { NodeFrame } from './node-frame';

export function StartNode({ id, data, selected }: NodeProps<CanvasNodeOf<'start'>>) {
  return (
    <NodeFrame
      id={id}
      type="start"
      selected={selected}
      handles={<Handle type="source" position={Position.Bottom} title="Drag to the first step" />}
    >
      <p className="flow-node-text">{data.label && data.label !== 'Start' ? data.label : 'The conversation begins here'}</p>
    </NodeFrame>
  );
}
