import type { Dispatch } from 'react';
import { Button } from '../../../../ui/button';
import type { CanvasEdge } from '../builder/canvas-model';
import type { HistoryAction } from '../builder/flow-history';

/** A selected connection: where it goes, and its removal. */
export function EdgeDetails({ edge, dispatch, readOnly }: { edge: CanvasEdge; dispatch: Dispatch<HistoryAction>; readOnly: boolean }) {
  return (
    <div className="stack">
      <h2 className="flow-panel-title">Connection</h2>
      <p>
        From <span className="mono">{edge.source}</span>
        {edge.label ? ` (${String(edge.label)})` : ''} to <span className="mono">{edge.target}</span>
      </p>
      <div className="row-end">
        <Button
          variant="ghost"
          className="text-danger"
          disabled={readOnly}
          onClick={() => dispatch({ type: 'edges-changed', changes: [{ id: edge.id, type: 'remove' }] })}
        >
          Delete this connection
        </Button>
      </div>
    </div>
  );
}
