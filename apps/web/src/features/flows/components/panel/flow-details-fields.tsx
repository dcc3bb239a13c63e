import { flowLimits } from '@wac/contract/flows';
import type { Dispatch } from 'react';
import type { FlowDoc } from '../builder/canvas-model';
import type { HistoryAction } from '../builder/flow-history';
import { TextAreaField } from './text-area-field';

const shortcuts = [
  ['Delete or Backspace', 'delete the selected step or connection'],
  ['Ctrl/⌘ + click, or Shift + drag', 'select several steps'],
  ['Ctrl/⌘ + C, Ctrl/⌘ + V', 'copy and paste the selected steps'],
  ['Ctrl/⌘ + Z', 'undo'],
  ['Ctrl/⌘ + Shift + Z or Ctrl + Y', 'redo'],
  ['Tab, then Enter', 'select a step on the canvas; arrow keys move it'],
] as const;

/** With no step selected: the flow's description and how to work the canvas. */
export function FlowDetailsFields({ doc, dispatch, readOnly }: { doc: FlowDoc; dispatch: Dispatch<HistoryAction>; readOnly: boolean }) {
  return (
    <div className="stack">
      <h2 className="flow-panel-title">Flow</h2>
      <TextAreaField
        label="Description"
        value={doc.description}
        disabled={readOnly}
        limit={flowLimits.description}
        onChange={(description) => dispatch({ type: 'set-details', patch: { description }, group: 'description' })}
      />
      <p className="field-hint">Select a step on the canvas to edit it.</p>
      <h3>Keyboard</h3>
      <dl className="flow-shortcuts">
        {shortcuts.map(([keys, what]) => (
          <div key={keys}>
            <dt>{keys}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
