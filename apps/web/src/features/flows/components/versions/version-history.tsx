import type { Flow, FlowVersionSummary } from '@wac/contract/flows';
import { useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../../lib/format-date';
import { Button } from '../../../../ui/button';
import { ConfirmDeleteModal } from '../../../../ui/confirm-delete-modal';
import { QueryStatus } from '../../../../ui/query-status';
import { useFlowVersions, useRestoreVersion } from '../../api/flow-versions';
import { VersionPreview } from './version-preview';

interface VersionHistoryProps {
  flowId: number;
  currentVersion: number | null;
  dirty: boolean;
  /** The restored flow (saved as the next version) replaces the canvas. */
  onRestored: (flow: Flow) => void;
}

/** Every saved version: looked at read-only, or saved again as the next version. */
export function VersionHistory({ flowId, currentVersion, dirty, onRestored }: VersionHistoryProps) {
  const versions = useFlowVersions(flowId);
  const restore = useRestoreVersion();
  const [previewed, setPreviewed] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<FlowVersionSummary | null>(null);
  if (versions.isPending || versions.isError) return <QueryStatus query={versions} loadingLabel="Loading versions" />;
  const list = [...versions.data.versions].sort((a, b) => b.version - a.version);
  return (
    <div className="stack">
      <ol className="flow-versions">
        {list.map((v) => (
          <li key={v.version}>
            <div>
              <strong>Version {v.version}</strong>
              {v.version === currentVersion && <span className="badge badge-success">Current</span>}
              <div className="small muted">
                {v.name} · {v.nodeCount} {v.nodeCount === 1 ? 'step' : 'steps'}
              </div>
              <div className="small muted">
                <time dateTime={v.savedAt} title={formatDateTime(v.savedAt)}>
                  {formatRelativeTime(v.savedAt)}
                </time>
                {v.savedBy ? ` by ${v.savedBy}` : ''}
              </div>
            </div>
            <div className="row-end">
              <Button
                variant="ghost"
                className="btn-small"
                onClick={() => setPreviewed(v.version)}
                aria-label={`Preview version ${v.version}`}
              >
                Preview
              </Button>
              {v.version !== currentVersion && (
                <Button
                  variant="secondary"
                  className="btn-small"
                  onClick={() => setRestoring(v)}
                  aria-label={`Restore version ${v.version}`}
                >
                  Restore
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <VersionPreview flowId={flowId} version={previewed} onClose={() => setPreviewed(null)} />
      <ConfirmDeleteModal
        item={restoring}
        title="Restore this version"
        failure="Failed to restore version"
        onDelete={async (v) => onRestored(await restore.mutateAsync({ id: flowId, version: v.version }))}
        deleted={(v) => `Version ${v.version} restored`}
        onClose={() => setRestoring(null)}
      >
        {(v) => (
          <p>
            Save version {v.version} ({v.name}) again as the flow's newest version?
            {dirty && ' The unsaved changes on the canvas are replaced; Undo brings them back.'}
          </p>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
