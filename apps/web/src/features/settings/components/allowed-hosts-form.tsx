import { appSettingsUpdateSchema } from '@wac/contract/app-settings';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { QueryStatus } from '../../../ui/query-status';
import { useToast } from '../../../ui/toasts';
import { useAppSettingsForm } from '../api/get-app-settings';
import { useUpdateAppSettings } from '../api/update-app-settings';

type HostsKey = 'flows.allowed_hosts' | 'webhooks.allowed_hosts';

interface HostsFormProps {
  settingKey: HostsKey;
  /** The form's accessible name, e.g. "Webhook allowed hosts". */
  name: string;
  /** Who may reach the hosts, for the hint: "webhooks may post to". */
  reach: string;
}

const hostLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function HostsForm({ saved, settingKey, name, reach }: HostsFormProps & { saved: readonly string[] }) {
  const id = useId();
  const update = useUpdateAppSettings();
  const toast = useToast();
  const [text, setText] = useState(saved.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const dirty = hostLines(text).join('\n') !== saved.join('\n');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = appSettingsUpdateSchema.safeParse({ [settingKey]: hostLines(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? `${name} are not valid`);
      return;
    }
    try {
      const answer = await update.mutateAsync(parsed.data);
      setText(answer.settings[settingKey].join('\n'));
      toast.show({ type: 'success', title: 'Allowed hosts saved' });
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the allowed hosts'));
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={name}>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-hosts`}>Allowed private hosts</label>
        <textarea
          id={`${id}-hosts`}
          className="mono short"
          rows={3}
          value={text}
          spellCheck={false}
          autoCapitalize="off"
          placeholder={'crm.internal\n10.0.0.5:8080'}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
        <p className="field-hint" id={`${id}-hint`}>
          Hosts on your own network that {reach} although their address is private, loopback or link-local; one per line, with a port when
          it is not the default (crm.internal, 10.0.0.5:8080).
        </p>
      </div>
      <div className="row-end">
        <Button type="submit" variant="secondary" disabled={!dirty} loading={update.isPending}>
          Save allowed hosts
        </Button>
      </div>
    </form>
  );
}

/**
 * The hosts an admin allows despite their private address (webhooks' deliveries, bot flows' HTTP actions), checked
 * again at every call.
 */
export function AllowedHostsForm(props: HostsFormProps) {
  const settings = useAppSettingsForm();
  if (settings.isPending || settings.isError) return <QueryStatus query={settings} loadingLabel="Loading allowed hosts" />;
  return <HostsForm saved={settings.data.settings[props.settingKey]} {...props} />;
}
