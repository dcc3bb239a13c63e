import { type BusinessNumber, businessNumberLabel, businessNumberNameSchema } from '@wac/contract/whatsapp-numbers';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../../lib/format-date';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { TextField } from '../../../../ui/text-field';
import { useToast } from '../../../../ui/toasts';
import { useRefreshBusinessNumber, useUpdateBusinessNumber } from '../../api/save-business-number';
import { messagingLimitText, qualityOf, throughputText } from './business-number-facts';

/** The name form in place of the number's actions: Enter saves, Escape or Cancel leaves the name as it was. */
function RenameForm({ number, onDone }: { number: BusinessNumber; onDone: () => void }) {
  const update = useUpdateBusinessNumber();
  const toast = useToast();
  const [name, setName] = useState(number.name);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = businessNumberNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data === number.name) {
      onDone();
      return;
    }
    update.mutate(
      { id: number.id, body: { name: parsed.data } },
      {
        onSuccess: (saved) => {
          toast.show({ type: 'success', title: `Number renamed ${businessNumberLabel(saved)}` });
          onDone();
        },
        onError: (err) => setError(shownByLicenceDialogs(err) ? undefined : errorMessage(err, 'Failed to rename the number')),
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onDone();
    }
  };
  return (
    <form className="business-number-rename" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      {/* The person asked to rename: the field they type in takes the focus. */}
      <TextField
        label="Name"
        value={name}
        maxLength={60}
        error={error}
        hint="What your team calls this number, such as Sales or Support."
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      <div className="row">
        <Button type="submit" className="btn-small" loading={update.isPending}>
          Save name
        </Button>
        <Button variant="ghost" className="btn-small" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One number: its name and display number, whether it is on, what Meta last said of it, and what an admin can do with it. */
export function BusinessNumberItem({ number }: { number: BusinessNumber }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateBusinessNumber();
  const refresh = useRefreshBusinessNumber();
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = businessNumberLabel(number);
  const quality = qualityOf(number.qualityRating);
  const failed = (fallback: string) => (err: unknown) => {
    if (!shownByLicenceDialogs(err)) setError(errorMessage(err, fallback));
  };

  const setEnabled = (enabled: boolean) => {
    setError(null);
    update.mutate(
      { id: number.id, body: { enabled } },
      {
        onSuccess: (saved) => toast.show({ type: 'success', title: `${businessNumberLabel(saved)} ${enabled ? 'enabled' : 'disabled'}` }),
        onError: failed(enabled ? 'Failed to enable the number' : 'Failed to disable the number'),
      },
    );
  };
  const check = () => {
    setError(null);
    refresh.mutate(number.id, {
      onSuccess: (saved) => toast.show({ type: 'success', title: `Checked ${businessNumberLabel(saved)} with Meta` }),
      onError: failed('Failed to check the number with Meta'),
    });
  };
  const doneRenaming = () => {
    setRenaming(false);
    // Back where the person was, so the keyboard does not lose its place.
    requestAnimationFrame(() => document.getElementById(`${id}-rename`)?.focus());
  };

  return (
    <li className="settings-item" aria-labelledby={`${id}-name`}>
      <div className="row between settings-item-head">
        <div className="business-number-title">
          <h3 id={`${id}-name`}>{number.name}</h3>
          <span className="mono">{number.displayPhoneNumber ? `+${number.displayPhoneNumber}` : 'Display number not known yet'}</span>
        </div>
        <div className="row business-number-badges">
          {number.first && (
            <span className="badge badge-info" title="WHATSAPP_PHONE_NUMBER_ID: sends that name no number leave from it">
              First number
            </span>
          )}
          {number.enabled ? <span className="badge badge-success">Enabled</span> : <span className="badge badge-muted">Disabled</span>}
        </div>
      </div>
      <dl className="details settings-item-details">
        <dt>Phone-number id</dt>
        <dd className="mono">{number.phoneNumberId}</dd>
        {number.verifiedName && (
          <>
            <dt>Verified name</dt>
            <dd>{number.verifiedName}</dd>
          </>
        )}
        <dt>Quality rating</dt>
        <dd>
          <span className={`badge badge-${quality.tone}`}>{quality.text}</span>
        </dd>
        <dt>Throughput</dt>
        <dd>{throughputText(number.throughputLevel)}</dd>
        <dt>Messaging limit</dt>
        <dd>{messagingLimitText(number)}</dd>
        <dt>Last checked with Meta</dt>
        <dd>
          {number.checkedAt ? (
            <time dateTime={number.checkedAt} title={formatDateTime(number.checkedAt)}>
              {formatRelativeTime(number.checkedAt)}
            </time>
          ) : (
            'Never: Meta has not answered for this number yet'
          )}
        </dd>
      </dl>
      {!number.enabled && <p className="muted small">Its conversations stay; nothing is sent from it until it is enabled again.</p>}
      {renaming ? (
        <RenameForm number={number} onDone={doneRenaming} />
      ) : (
        <div className="row settings-item-actions">
          <Button
            id={`${id}-rename`}
            variant="secondary"
            className="btn-small"
            aria-label={`Rename ${label}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </Button>
          {!number.first &&
            (number.enabled ? (
              <Button
                variant="ghost"
                className="btn-small"
                aria-label={`Disable ${label}`}
                loading={update.isPending}
                onClick={() => setEnabled(false)}
              >
                Disable
              </Button>
            ) : (
              <Button
                variant="ghost"
                className="btn-small"
                aria-label={`Enable ${label}`}
                loading={update.isPending}
                onClick={() => setEnabled(true)}
              >
                Enable
              </Button>
            ))}
          <Button variant="ghost" className="btn-small" aria-label={`Check ${label} with Meta`} loading={refresh.isPending} onClick={check}>
            Check with Meta
          </Button>
        </div>
      )}
      <FormAlert inline message={error} />
    </li>
  );
}
