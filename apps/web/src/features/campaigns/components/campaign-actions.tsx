import type { Campaign } from '@wac/contract/campaigns';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../lib/request-with-fallback';
import { Button } from '../../../ui/button';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useToast } from '../../../ui/toasts';
import {
  hasFailures,
  type StatusAction,
  statusActionText,
  useCampaignAction,
  useDeleteCampaign,
  useDuplicateCampaign,
} from '../api/campaign-actions';
import { StartCampaignDialog } from './start-campaign-dialog';

type ActionableCampaign = Pick<Campaign, '_id' | 'name' | 'status' | 'actions' | 'counts' | 'template'>;

interface CampaignActionsProps {
  campaign: ActionableCampaign;
  /** `row`: small buttons named after the campaign, for a table; `page`: the campaign's own page, with Schedule. */
  layout: 'row' | 'page';
  /** Where to go once it is deleted (its own page must be left). */
  afterDelete?: string;
}

/** Immediate actions, in the order a campaign's life offers them; start and cancel are asked about first. */
const immediate: StatusAction[] = ['resume', 'pause', 'retry-failed', 'cancel-schedule'];

/**
 * The buttons the server's `actions` allow for the campaign now, plus duplicate, which is always allowed. Retrying
 * failed recipients is offered only while some failed.
 */
export function CampaignActions({ campaign, layout, afterDelete }: CampaignActionsProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const action = useCampaignAction();
  const duplicate = useDuplicateCampaign();
  const remove = useDeleteCampaign();
  const [deleting, setDeleting] = useState<ActionableCampaign | null>(null);
  const [cancelling, setCancelling] = useState<ActionableCampaign | null>(null);
  const [starting, setStarting] = useState(false);
  const allowed = new Set<string>(campaign.actions);
  if (!hasFailures(campaign.counts)) allowed.delete('retry-failed');
  const small = layout === 'row' ? 'btn-small' : undefined;
  const named = (label: string) => (layout === 'row' ? `${label} ${campaign.name}` : undefined);

  const failed = (error: unknown, fallback: string) => {
    if (!shownByLicenceDialogs(error)) toast.show({ type: 'error', title: errorMessage(error, fallback) });
  };
  const run = (name: StatusAction): Promise<void> =>
    action
      .mutateAsync({ id: campaign._id, action: name })
      .then(() => {
        toast.show({ type: 'success', title: statusActionText[name].done });
      })
      .catch((error) => failed(error, statusActionText[name].failure));
  const copy = () =>
    duplicate.mutate(campaign._id, {
      onSuccess: (created) => {
        toast.show({ type: 'success', title: 'Campaign duplicated', help: `${created.name} is a new draft.` });
        navigate(`/campaigns/${created._id}/edit`);
      },
      onError: (error) => failed(error, 'Failed to duplicate campaign'),
    });
  const busy = (name: StatusAction) => action.isPending && action.variables?.action === name;

  return (
    <div className="row-end campaign-actions">
      {allowed.has('start') && (
        <Button className={small} disabled={action.isPending} aria-label={named('Start')} onClick={() => setStarting(true)}>
          Start
        </Button>
      )}
      {immediate
        .filter((name) => allowed.has(name))
        .map((name) => (
          <Button
            key={name}
            variant={name === 'resume' ? 'primary' : 'secondary'}
            className={small}
            loading={busy(name)}
            disabled={action.isPending}
            aria-label={named(statusActionText[name].label)}
            onClick={() => void run(name)}
          >
            {statusActionText[name].label}
          </Button>
        ))}
      {layout === 'page' && allowed.has('schedule') && (
        <Link className="btn btn-secondary" to={`/campaigns/${campaign._id}/edit?step=schedule`}>
          Schedule
        </Link>
      )}
      {allowed.has('update') && (
        <Link
          className={['btn btn-ghost', small].filter(Boolean).join(' ')}
          to={`/campaigns/${campaign._id}/edit`}
          aria-label={named('Edit')}
        >
          Edit
        </Link>
      )}
      <Button variant="ghost" className={small} loading={duplicate.isPending} onClick={copy} aria-label={named('Duplicate')}>
        Duplicate
      </Button>
      {allowed.has('cancel') && (
        <Button
          variant="ghost"
          className={['text-danger', small].filter(Boolean).join(' ')}
          onClick={() => setCancelling(campaign)}
          aria-label={named('Cancel')}
        >
          Cancel
        </Button>
      )}
      {allowed.has('delete') && (
        <Button
          variant="ghost"
          className={['text-danger', small].filter(Boolean).join(' ')}
          onClick={() => setDeleting(campaign)}
          aria-label={named('Delete')}
        >
          Delete
        </Button>
      )}
      <StartCampaignDialog campaign={campaign} open={starting} onClose={() => setStarting(false)} />
      <ConfirmDeleteModal
        item={cancelling}
        title="Cancel campaign"
        keepLabel="Keep campaign"
        failure={statusActionText.cancel.failure}
        onDelete={(c) => action.mutateAsync({ id: c._id, action: 'cancel' })}
        deleted={() => statusActionText.cancel.done}
        onClose={() => setCancelling(null)}
      >
        {(c) =>
          c.status === 'scheduled' ? (
            <p>
              Cancel <strong>{c.name}</strong> before it starts? Nobody will get the message, and a cancelled campaign cannot be resumed.
            </p>
          ) : (
            <p>
              Stop sending <strong>{c.name}</strong>? Recipients not sent yet will not get the message, and a cancelled campaign cannot be
              resumed.
            </p>
          )
        }
      </ConfirmDeleteModal>
      <ConfirmDeleteModal
        item={deleting}
        title="Delete campaign"
        failure="Failed to delete campaign"
        onDelete={async (c) => {
          await remove.mutateAsync(c._id);
          if (afterDelete) navigate(afterDelete);
        }}
        deleted={(c) => `${c.name} deleted`}
        onClose={() => setDeleting(null)}
      >
        {(c) => (
          <p>
            Delete <strong>{c.name}</strong> with its contacts and results? This cannot be undone.
          </p>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
