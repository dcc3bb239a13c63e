import type { Flow } from '@wac/contract/flows';
import { useState } from 'react';
import { EdgeDetails } from '../panel/edge-details';
import { FlowDetailsFields } from '../panel/flow-details-fields';
import '../panel/flow-panel.css';
import { NodeEditor } from '../panel/node-editor';
import { ActivationToggle } from '../triggers/activation-toggle';
import { TriggersEditor } from '../triggers/triggers-editor';
import { TryItPanel } from '../try-it/try-it-panel';
import { VersionHistory } from '../versions/version-history';
import { SideTabs } from './side-tabs';
import type { FlowEditor } from './use-flow-editor';

type PanelKey = 'properties' | 'settings' | 'try' | 'versions';

interface BuilderSidePanelProps {
  /** The flow as the server last answered it; null for a flow never saved. */
  flow: Flow | null;
  editor: FlowEditor;
  readOnly: boolean;
}

/** Beside the canvas: the selection's properties, activation and triggers, Try it, and the saved versions. */
export function BuilderSidePanel({ flow, editor, readOnly }: BuilderSidePanelProps) {
  const [current, setCurrent] = useState<PanelKey>('properties');
  const { doc, dispatch, dirty, saved } = editor;
  const selectedNodes = doc.nodes.filter((n) => n.selected);
  const selectedEdges = doc.edges.filter((e) => e.selected);
  const node = selectedNodes.length === 1 ? selectedNodes[0] : undefined;
  const edge = selectedNodes.length === 0 && selectedEdges.length === 1 ? selectedEdges[0] : undefined;
  const saveFirst = <p className="muted">Save the flow first.</p>;

  const properties = node ? (
    <NodeEditor key={node.id} node={node} nodes={doc.nodes} edges={doc.edges} dispatch={dispatch} readOnly={readOnly} />
  ) : edge ? (
    <EdgeDetails edge={edge} dispatch={dispatch} readOnly={readOnly} />
  ) : (
    <FlowDetailsFields doc={doc} dispatch={dispatch} readOnly={readOnly} />
  );

  return (
    <aside className="flow-side-wrap" aria-label="Flow panel">
      <SideTabs<PanelKey>
        label="Flow panel"
        current={current}
        onSelect={setCurrent}
        tabs={[
          { key: 'properties', label: 'Properties', content: properties },
          {
            key: 'settings',
            label: 'Activation',
            content: flow ? (
              <div className="stack">
                <ActivationToggle flow={flow} dirty={dirty} />
                <TriggersEditor key={flow.id} flow={flow} />
              </div>
            ) : (
              saveFirst
            ),
          },
          { key: 'try', label: 'Try it', content: <TryItPanel flowId={saved.id} savedVersion={saved.version} dirty={dirty} /> },
          {
            key: 'versions',
            label: 'Versions',
            content:
              saved.id !== null ? (
                <VersionHistory
                  flowId={saved.id}
                  currentVersion={flow?.metadata.version ?? saved.version}
                  dirty={dirty}
                  onRestored={editor.loadSaved}
                />
              ) : (
                saveFirst
              ),
          },
        ]}
      />
    </aside>
  );
}
