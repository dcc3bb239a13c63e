import {
  API_KEY_DEFAULT_RATE_LIMIT,
  API_KEY_NAME_MAX,
  API_KEY_RATE_LIMIT_MAX,
  type ApiKeyCreate,
  apiKeyScopeLabels,
  apiKeyScopes,
} from '@wac/contract/api-keys';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import { useAppSettings } from '../../../lib/app-settings';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { CheckboxGroup } from '../../../ui/checkbox-group';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/text-field';
import { type ApiKeyFormValues, apiKeyBodyOf, apiKeyFormFields, dayOfExpiry } from './api-key-form-values';

interface ApiKeyFormProps {
  initial: ApiKeyFormValues;
  submitLabel: string;
  saving: boolean;
  /** Where Cancel goes. */
  cancelTo: string;
  /** Saves the body; when it throws, the server's message goes under its field or above the form. */
  onSubmit: (body: ApiKeyCreate) => Promise<unknown>;
}

/** A key's name, scopes, expiry, allowed IP ranges and rate limit: the same form creates and edits. */
export function ApiKeyForm({ initial, submitLabel, saving, cancelTo, onSubmit }: ApiKeyFormProps) {
  const id = useId();
  const zone = useAppSettings()['app.timezone'];
  const { values, errors, setErrors, formError, setFormError, set, field } = useFormFields(initial);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { body, errors: found } = apiKeyBodyOf(values, zone, initial.expiresAt);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSubmit(body);
    } catch (error) {
      const server = serverFieldErrors(error, apiKeyFormFields);
      setErrors(server.fields);
      setFormError(server.message ?? null);
    }
  }

  const ipNote = errors.allowedIps ? `${id}-allowedIps-error` : `${id}-allowedIps-hint`;

  return (
    <form className="stack api-key-form" onSubmit={submit} noValidate aria-label="API key">
      <FormAlert message={formError} />
      <TextField
        label="Name"
        {...field('name')}
        maxLength={API_KEY_NAME_MAX}
        required
        autoComplete="off"
        hint="Where the key is used, e.g. Shop order updates. The chat shows it beside the messages the key sends."
      />

      <CheckboxGroup
        legend="Scopes"
        options={apiKeyScopes.map((scope) => ({ value: scope, label: apiKeyScopeLabels[scope] }))}
        value={values.scopes}
        onChange={(scopes) => set('scopes', scopes)}
        error={errors.scopes}
        hint="A key can call only the endpoints its scopes name."
      />

      <div className="form-grid">
        <TextField
          label="Expires on"
          type="date"
          {...field('expiresAt')}
          min={dayOfExpiry(new Date().toISOString(), zone)}
          hint={`Optional: the key stops working at the end of this day (${zone}). Leave empty for a key that does not expire.`}
        />
        <TextField
          label="Rate limit (calls per minute)"
          type="number"
          inputMode="numeric"
          min={1}
          max={API_KEY_RATE_LIMIT_MAX}
          step={1}
          {...field('rateLimitPerMinute')}
          hint={`Calls beyond this in a minute are answered 429 with Retry-After. New keys start at ${API_KEY_DEFAULT_RATE_LIMIT}. Leave empty to count only the plan's daily API calls.`}
        />
      </div>

      <div className={`field${errors.allowedIps ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-ips`}>Allowed IP ranges</label>
        <textarea
          id={`${id}-ips`}
          className="mono short"
          rows={4}
          value={values.allowedIps}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={'203.0.113.7\n10.0.0.0/24'}
          aria-invalid={Boolean(errors.allowedIps)}
          aria-describedby={ipNote}
          onChange={(e) => set('allowedIps', e.target.value)}
        />
        {errors.allowedIps ? (
          <p className="field-error" id={`${id}-allowedIps-error`}>
            {errors.allowedIps}
          </p>
        ) : (
          <p className="field-hint" id={`${id}-allowedIps-hint`}>
            Optional: one IPv4 or IPv6 address or CIDR range per line; calls from any other address are refused. Leave empty to allow every
            address.
          </p>
        )}
      </div>

      <div className="form-actions">
        <Link className="btn btn-ghost" to={cancelTo}>
          Cancel
        </Link>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
