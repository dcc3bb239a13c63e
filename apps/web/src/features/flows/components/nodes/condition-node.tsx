import { flowHandles } from '@wac/contract/flows';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { NodeFrame } from './node-frame';
import { conditionSummary } from './node-labels';
import { OutputHandles } from './output-handles';

const ways = [flowHandles.true, flowHandles.false] as const;

export function ConditionNode({ id, data, selected }: NodeProps<CanvasNodeOf<'condition'>>) {
  return (
    <NodeFrame
      id={id}
      type="condition"
      selected={selected}
      outputs={ways}
      handles={
        <>
          <Handle type="target" position={Position.Top} title="Drop a connection here" />
          <OutputHandles ids={ways} titles={ways.map((w) => `Drag to where ${w} leads`)} />
        </>
      }
    >
      <p className="flow-node-text">{conditionSummary(data)}</p>
    </NodeFrame>
  );
}
