import { Handle, Position } from '@xyflow/react';

/** Where a node's ways out sit along its bottom edge: one in the middle, two at a third and two thirds. */
const spots = (count: number) => (count === 1 ? ['50%'] : ['30%', '70%']);

/** The source handles along a node's bottom edge; `null` is the node's only way on (no handle id). */
export function OutputHandles({ ids, titles }: { ids: readonly (string | null)[]; titles: readonly string[] }) {
  const at = spots(ids.length);
  return (
    <>
      {ids.map((id, index) => (
        <Handle
          key={id ?? 'next'}
          type="source"
          position={Position.Bottom}
          {...(id ? { id } : {})}
          title={titles[index]}
          style={{ left: at[index] }}
        />
      ))}
    </>
  );
}
