import { ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { Modal } from '../../../../ui/modal';
import { QueryStatus } from '../../../../ui/query-status';
import { useFlowVersion } from '../../api/flow-versions';
import { toCanvas } from '../builder/canvas-model';
import { nodeTypes } from '../nodes/node-types';

/** A saved version on a canvas of its own that can be moved around but not edited. */
export function VersionPreview({ flowId, version, onClose }: { flowId: number; version: number | null; onClose: () => void }) {
  const saved = useFlowVersion(flowId, version);
  return (
    <Modal open={version !== null} onClose={onClose} title={`Version ${version ?? ''}`} size="xl">
      {saved.isPending || saved.isError ? (
        <QueryStatus query={saved} loadingLabel="Loading version" />
      ) : (
        <div className="stack">
          <p className="muted">
            {saved.data.name}
            {saved.data.description ? ` — ${saved.data.description}` : ''}
          </p>
          <div className="flow-preview-canvas">
            <ReactFlowProvider>
              <ReactFlow
                id="flow-version-preview"
                aria-label={`Version ${saved.data.version}, read-only`}
                {...toCanvas(saved.data)}
                nodeTypes={nodeTypes}
                nodesDraggable={false}
                nodesConnectable={false}
                elementsSelectable={false}
                nodesFocusable={false}
                edgesFocusable={false}
                fitView
              />
            </ReactFlowProvider>
          </div>
        </div>
      )}
    </Modal>
  );
}
