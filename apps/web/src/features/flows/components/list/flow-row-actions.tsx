import type { FlowSummary } from '@wac/contract/flows';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { ConfirmDeleteModal } from '../../../../ui/confirm-delete-modal';
import { useToast } from '../../../../ui/toasts';
import { useDeleteFlow, useSetFlowActive } from '../../api/flow-actions';

/** A row's buttons, named after the flow for screen readers: open, activate or deactivate, delete (asked first). */
export function FlowRowActions({ flow }: { flow: FlowSummary }) {
  const toast = useToast();
  const setActive = useSetFlowActive();
  const remove = useDeleteFlow();
  const [deleting, setDeleting] = useState<FlowSummary | null>(null);
  const toggle = () => {
    const active = !flow.isActive;
    setActive.mutate(
      { id: flow.id, active },
      {
        onSuccess: () => toast.show({ type: 'success', title: `${flow.name} ${active ? 'activated' : 'deactivated'}` }),
        onError: (error) => {
          if (!shownByLicenceDialogs(error))
            toast.show({ type: 'error', title: errorMessage(error, active ? 'Failed to activate flow' : 'Failed to deactivate flow') });
        },
      },
    );
  };
  return (
    <div className="row-end flow-row-actions">
      <Link className="btn btn-ghost btn-small" to={`/bot-flows/${flow.id}`} aria-label={`Open ${flow.name}`}>
        Open
      </Link>
      <Button
        variant="secondary"
        className="btn-small"
        loading={setActive.isPending}
        onClick={toggle}
        aria-label={`${flow.isActive ? 'Deactivate' : 'Activate'} ${flow.name}`}
      >
        {flow.isActive ? 'Deactivate' : 'Activate'}
      </Button>
      <Button variant="ghost" className="btn-small text-danger" onClick={() => setDeleting(flow)} aria-label={`Delete ${flow.name}`}>
        Delete
      </Button>
      <ConfirmDeleteModal
        item={deleting}
        title="Delete flow"
        failure="Failed to delete flow"
        onDelete={(f) => remove.mutateAsync(f.id)}
        deleted={(f) => `${f.name} deleted`}
        onClose={() => setDeleting(null)}
      >
        {(f) => (
          <p>
            Delete <strong>{f.name}</strong> with all its versions and sessions? This cannot be undone.
            {f.isActive && ' An active flow must be deactivated first.'}
          </p>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
