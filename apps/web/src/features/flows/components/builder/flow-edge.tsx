import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getSmoothStepPath, useReactFlow } from '@xyflow/react';

/**
 * A smoothstep edge with its label (the option's title, true/false) and, while selected, a button that deletes it:
 * the Delete key does the same.
 */
export function FlowEdge({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  label,
  selected,
  markerEnd,
  style,
}: EdgeProps) {
  const { deleteElements } = useReactFlow();
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} />
      {(label || selected) && (
        <EdgeLabelRenderer>
          <div
            className={`flow-edge-label nodrag nopan${selected ? ' is-selected' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {label && <span>{label}</span>}
            {selected && (
              <button
                type="button"
                className="flow-edge-delete"
                aria-label={`Delete the connection${label ? ` ${label}` : ''}`}
                onClick={() => void deleteElements({ edges: [{ id }] })}
              >
                ×
              </button>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
