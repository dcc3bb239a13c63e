import type { Campaign, CampaignPreflight } from '@wac/contract/campaigns';
import { errorMessage } from '../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../lib/request-with-fallback';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toasts';
import { skipLabel, statusActionText, useCampaignAction, useCampaignPreflight } from '../api/campaign-actions';

type StartableCampaign = Pick<Campaign, '_id' | 'name' | 'template'>;

interface StartCampaignDialogProps {
  campaign: StartableCampaign;
  open: boolean;
  onClose: () => void;
  /** Once the campaign runs (after the success toast). */
  onStarted?: () => void;
}

/** The number as customers see it ("+15550100001"), or its id when Meta could not be asked. */
export function senderNumber(from: CampaignPreflight['from']): string {
  const shown = from.displayPhoneNumber;
  if (!shown) return `the number with id ${from.phoneNumberId}`;
  return shown.startsWith('+') ? shown : `+${shown}`;
}

const contacts = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'contact' : 'contacts'}`;

/**
 * Asks before sending: how many contacts receive which template from which number, as the server's dry run counts
 * them; recipients the dry run refuses are named and skipped when the admin goes on.
 */
export function StartCampaignDialog({ campaign, open, onClose, onStarted }: StartCampaignDialogProps) {
  const toast = useToast();
  const preflight = useCampaignPreflight(campaign._id, open);
  const start = useCampaignAction();
  const check = preflight.data;
  const skipped = check?.problemCount ?? 0;
  const receiving = check ? check.recipients - skipped : 0;

  const confirm = () =>
    start.mutate(
      { id: campaign._id, action: 'start', skipInvalid: skipped > 0 },
      {
        onSuccess: (answer) => {
          toast.show({ type: 'success', title: statusActionText.start.done, help: answer.warnings?.join(' ') || undefined });
          onClose();
          onStarted?.();
        },
      },
    );
  const close = () => {
    start.reset();
    onClose();
  };
  const failure = start.isError && !shownByLicenceDialogs(start.error) ? errorMessage(start.error, statusActionText.start.failure) : null;

  return (
    <Modal
      open={open}
      onClose={close}
      title={`Start ${campaign.name}?`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={start.isPending}>
            Not yet
          </Button>
          <Button onClick={confirm} loading={start.isPending} disabled={!check || receiving === 0}>
            {skipped > 0 ? skipLabel(skipped) : 'Start sending'}
          </Button>
        </>
      }
    >
      <div className="stack">
        <FormAlert message={failure} />
        {preflight.isPending && <Spinner label="Checking the campaign" />}
        {preflight.isError && <FormAlert message={errorMessage(preflight.error, 'Failed to check the campaign before starting')} />}
        {check && (
          <>
            <p>
              <strong>{contacts(receiving)}</strong> will receive <span className="mono">{campaign.template.name}</span> (
              {campaign.template.language}) from <strong>{senderNumber(check.from)}</strong>, starting now.
            </p>
            {skipped > 0 && (
              <p>
                {contacts(skipped)} cannot be sent as they are and will be skipped
                {check.problems[0] && ` (${check.problems[0].phone}: ${check.problems[0].reason})`}.
              </p>
            )}
            {check.warnings.map((warning) => (
              <p key={warning} className="status-banner status-banner-warning">
                {warning}
              </p>
            ))}
          </>
        )}
      </div>
    </Modal>
  );
}
