import type { Dispatch } from 'react';
import { Button } from '../../../../ui/button';
import type { CanvasEdge, CanvasNode } from '../builder/canvas-model';
import type { HistoryAction } from '../builder/flow-history';
import { nodeTypeLabels } from '../nodes/node-labels';
import { ActionFields } from './action-fields';
import { ConditionFields } from './condition-fields';
import { MessageFields } from './message-fields';
import { OutputsFields } from './outputs-fields';
import { QuickReplyFields } from './quick-reply-fields';
import { useNodeField } from './use-node-field';

interface NodeEditorProps {
  node: CanvasNode;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  dispatch: Dispatch<HistoryAction>;
  readOnly: boolean;
}

/** The selected node's fields, where it leads, and its removal (the start node stays). */
export function NodeEditor({ node, nodes, edges, dispatch, readOnly }: NodeEditorProps) {
  const set = useNodeField(dispatch, node.id);
  return (
    <fieldset className="stack flow-node-editor" disabled={readOnly}>
      <legend className="flow-panel-title">
        {nodeTypeLabels[node.type]} <span className="mono muted">{node.id}</span>
      </legend>
      {node.type === 'start' && <p className="field-hint">Every conversation begins here. Connect it to the first step.</p>}
      {node.type === 'message' && <MessageFields node={node} set={set} />}
      {node.type === 'condition' && <ConditionFields node={node} set={set} />}
      {node.type === 'quickReply' && <QuickReplyFields node={node} set={set} />}
      {node.type === 'action' && <ActionFields node={node} set={set} />}
      <OutputsFields node={node} nodes={nodes} edges={edges} dispatch={dispatch} />
      {node.type !== 'start' && (
        <div className="row-end">
          <Button
            variant="ghost"
            className="text-danger"
            onClick={() => dispatch({ type: 'nodes-changed', changes: [{ id: node.id, type: 'remove' }] })}
          >
            Delete this step
          </Button>
        </div>
      )}
    </fieldset>
  );
}
