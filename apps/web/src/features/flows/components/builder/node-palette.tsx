import { type FlowNodeType, flowNodeTypes } from '@wac/contract/flows';
import type { DragEvent } from 'react';
import { nodeTypeHints, nodeTypeLabels } from '../nodes/node-labels';

/** The drag payload's type: the canvas accepts only drops carrying it. */
export const PALETTE_MIME = 'application/x-wac-flow-node';

interface NodePaletteProps {
  onAdd: (type: FlowNodeType) => void;
  /** A flow has one start node. */
  hasStart: boolean;
  disabled: boolean;
}

/** The five node types: a click (or Enter) adds one in the middle of the view; a drag drops it where it is let go. */
export function NodePalette({ onAdd, hasStart, disabled }: NodePaletteProps) {
  const onDragStart = (event: DragEvent, type: FlowNodeType) => {
    event.dataTransfer.setData(PALETTE_MIME, type);
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <nav className="flow-palette" aria-label="Node palette">
      <h2 className="flow-panel-title">Add a step</h2>
      <ul>
        {flowNodeTypes.map((type) => {
          const unavailable = disabled || (type === 'start' && hasStart);
          return (
            <li key={type}>
              <button
                type="button"
                className={`flow-palette-item flow-palette-${type}`}
                draggable={!unavailable}
                disabled={unavailable}
                onDragStart={(event) => onDragStart(event, type)}
                onClick={() => onAdd(type)}
                aria-describedby={`flow-palette-hint-${type}`}
              >
                <span className="visually-hidden">Add </span>
                <strong>{nodeTypeLabels[type]}</strong>
                <span className="small" id={`flow-palette-hint-${type}`} aria-hidden="true">
                  {type === 'start' && hasStart ? 'Already on the canvas' : nodeTypeHints[type]}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="flow-palette-tip small muted">Click to add in the middle of the view, or drag onto the canvas.</p>
    </nav>
  );
}
