import { flowLimits } from '@wac/contract/flows';
import { useRef } from 'react';
import { Button } from '../../../../ui/button';

interface BuilderToolbarProps {
  name: string;
  onName: (name: string) => void;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onExport: () => void;
  onImport: (file: File) => void;
  /** Null for a flow never saved: there are no analytics yet. */
  analytics: { shown: boolean; onToggle: () => void } | null;
  saving: boolean;
  /** Why Save is disabled, shown beside it; null when it may be pressed. */
  saveBlocked: string | null;
  onSave: () => void;
}

/** Above the canvas: the flow's name, undo and redo, import and export, analytics, and Save with why it waits. */
export function BuilderToolbar(props: BuilderToolbarProps) {
  const { name, onName, readOnly, analytics, saving, saveBlocked } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flow-toolbar" role="toolbar" aria-label="Flow builder">
      <div className="field flow-name-field">
        <label htmlFor="flow-name">Flow name</label>
        <input
          id="flow-name"
          className="input"
          value={name}
          maxLength={flowLimits.name}
          placeholder="e.g. Order status"
          disabled={readOnly}
          onChange={(e) => onName(e.target.value)}
        />
      </div>
      <div className="flow-toolbar-group">
        <Button variant="secondary" className="btn-small" disabled={readOnly || !props.canUndo} onClick={props.onUndo} title="Ctrl/⌘ + Z">
          Undo
        </Button>
        <Button
          variant="secondary"
          className="btn-small"
          disabled={readOnly || !props.canRedo}
          onClick={props.onRedo}
          title="Ctrl/⌘ + Shift + Z"
        >
          Redo
        </Button>
      </div>
      <div className="flow-toolbar-group">
        <Button variant="secondary" className="btn-small" disabled={readOnly} onClick={() => fileInput.current?.click()}>
          Import
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Flow file to import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) props.onImport(file);
          }}
        />
        <Button variant="secondary" className="btn-small" onClick={props.onExport}>
          Export
        </Button>
        {analytics && (
          <Button variant="secondary" className="btn-small" aria-pressed={analytics.shown} onClick={analytics.onToggle}>
            {analytics.shown ? 'Hide analytics' : 'Show analytics'}
          </Button>
        )}
      </div>
      <div className="flow-toolbar-save">
        {saveBlocked && (
          <span id="flow-save-blocked" className="small muted">
            {saveBlocked}
          </span>
        )}
        <Button
          variant="primary"
          loading={saving}
          disabled={readOnly || saveBlocked !== null}
          aria-describedby={saveBlocked ? 'flow-save-blocked' : undefined}
          onClick={props.onSave}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
