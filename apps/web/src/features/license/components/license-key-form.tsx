import type { LicenseDetails } from '@wac/contract/license';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { useReloadLicenseFromEnv, useRevokeLicense, useUpdateLicense } from '../api/change-license';

/** Licence errors were already shown by the licence dialogs; anything else is shown here. */
function inlineError(error: unknown): string | null {
  return error instanceof ApiError && error.license ? null : errorMessage(error, 'License request failed');
}

export function LicenseKeyForm({ details }: { details: LicenseDetails }) {
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ key?: string; secret?: string }>({});
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const update = useUpdateLicense();
  const revoke = useRevokeLicense();
  const reload = useReloadLicenseFromEnv();
  const toast = useToast();
  const keyId = useId();
  const busy = update.isPending || revoke.isPending || reload.isPending;
  const secretRequired = !details.environment.hasSecret;

  async function run(change: () => Promise<{ message: string; license: LicenseDetails }>) {
    setFormError(null);
    try {
      const { message, license } = await change();
      toast.show({ type: 'success', title: message, help: `${license.planName} plan, ${license.status}.` });
      return true;
    } catch (error) {
      setFormError(inlineError(error));
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The secret is needed unless the environment gives one: the form says so on its label.
    const missing = {
      key: key.trim() ? undefined : 'Licence key is required',
      secret: secretRequired && !secret.trim() ? 'HMAC secret is required: LICENSE_HMAC_SECRET is not set' : undefined,
    };
    setFieldErrors(missing);
    if (missing.key || missing.secret) return;
    if (await run(() => update.mutateAsync({ licenseKey: key.trim(), hmacSecret: secret.trim() || undefined }))) {
      setKey('');
      setSecret('');
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Change the licence">
      <FormAlert message={formError} />
      <div className={`field field-wide${fieldErrors.key ? ' field-invalid' : ''}`}>
        <label htmlFor={keyId}>Licence key (required)</label>
        <textarea
          id={keyId}
          className="mono licence-key-input"
          rows={3}
          value={key}
          spellCheck={false}
          autoComplete="off"
          required
          aria-invalid={Boolean(fieldErrors.key)}
          aria-describedby={fieldErrors.key ? `${keyId}-error` : `${keyId}-hint`}
          placeholder="Paste the key your vendor sent you"
          onChange={(e) => {
            setKey(e.target.value);
            setFieldErrors((errors) => ({ ...errors, key: undefined }));
          }}
        />
        {fieldErrors.key && (
          <p className="field-error" id={`${keyId}-error`}>
            {fieldErrors.key}
          </p>
        )}
        <p className="field-hint" id={`${keyId}-hint`}>
          {details.keyPreview ? `Key in force: ${details.keyPreview}.` : 'No key in force.'} The plan, quotas and features change as soon as
          a key is applied.
        </p>
      </div>
      <TextField
        label={secretRequired ? 'HMAC secret (required)' : 'HMAC secret (optional)'}
        type="password"
        autoComplete="off"
        required={secretRequired}
        value={secret}
        error={fieldErrors.secret}
        onChange={(e) => {
          setSecret(e.target.value);
          setFieldErrors((errors) => ({ ...errors, secret: undefined }));
        }}
        hint={
          details.environment.hasSecret
            ? 'Leave empty to verify with LICENSE_HMAC_SECRET.'
            : 'LICENSE_HMAC_SECRET is not set: give the secret that came with the key.'
        }
      />
      <div className="form-actions">
        <Button variant="ghost" disabled={busy} loading={reload.isPending} onClick={() => run(() => reload.mutateAsync())}>
          Reload from environment
        </Button>
        <Button variant="danger" disabled={busy || details.source === 'none'} onClick={() => setConfirmRevoke(true)}>
          Revoke licence
        </Button>
        <Button type="submit" variant="primary" loading={update.isPending} disabled={busy}>
          Apply licence key
        </Button>
      </div>
      <Modal
        open={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title="Revoke the licence?"
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmRevoke(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={async () => {
                await run(() => revoke.mutateAsync());
                setConfirmRevoke(false);
              }}
            >
              Revoke
            </Button>
          </>
        }
      >
        <p>The install goes back to the Development plan until a key is applied or reloaded from the environment.</p>
      </Modal>
    </form>
  );
}
