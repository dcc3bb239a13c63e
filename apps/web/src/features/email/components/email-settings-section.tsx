import { type EmailSettings, emailTestBodySchema } from '@wac/contract/email';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { useEmailSettings } from '../api/get-email-settings';
import { useEmailStatus } from '../api/get-email-status';
import { useSendTestEmail } from '../api/send-test-email';
import { useUpdateEmailSettings } from '../api/update-email-settings';
import { EmailStatusBanner } from './email-status-banner';
import { type SmtpFormValues, validateSmtpSettings } from './email-validation';

const smtpFields = [
  'enabled',
  'host',
  'port',
  'secure',
  'allowSelfSigned',
  'allowUnencrypted',
  'user',
  'password',
  'from',
  'requireVerification',
] as const;

/** validateSmtpSettings passes the extra switches through to the same schema as the rest. */
type SmtpValues = SmtpFormValues & { allowSelfSigned: boolean; allowUnencrypted: boolean };

function toForm(settings: EmailSettings): SmtpValues {
  return {
    enabled: settings.enabled,
    host: settings.host,
    port: String(settings.port),
    secure: settings.secure,
    allowSelfSigned: settings.allowSelfSigned,
    allowUnencrypted: settings.allowUnencrypted,
    user: settings.user,
    password: '',
    from: settings.from,
    requireVerification: settings.requireVerification,
  };
}

export function EmailSettingsSection() {
  const status = useEmailStatus();
  const settings = useEmailSettings();
  const failed = status.error ?? settings.error;

  return (
    <div className="stack">
      {status.data && <EmailStatusBanner status={status.data} />}
      {status.isPending || settings.isPending ? (
        <div className="empty-state">
          <Spinner size="medium" label="Loading email settings" />
        </div>
      ) : failed ? (
        <div className="empty-state" role="alert">
          <p>{errorMessage(failed)}</p>
          <Button
            variant="secondary"
            onClick={() => {
              status.refetch();
              settings.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        settings.data && <SmtpForm saved={settings.data.settings} />
      )}
      <TestEmailForm />
    </div>
  );
}

/** The on/off settings under the server's fields, in the order they show. */
const smtpSwitches: { key: 'secure' | 'allowSelfSigned' | 'allowUnencrypted' | 'requireVerification'; label: string; help: string }[] = [
  {
    key: 'secure',
    label: 'Use TLS from the start (SMTPS)',
    help: 'Usually on for port 465 and off for 587, where the connection is upgraded with STARTTLS.',
  },
  {
    key: 'allowSelfSigned',
    label: 'Allow a self-signed certificate on the SMTP server',
    help: "Off: the server's certificate must be valid for its name. Turn on only for your own relay.",
  },
  {
    key: 'allowUnencrypted',
    label: 'Allow signing in without TLS',
    help: 'Off: with a username, a server that is neither TLS from the start nor offers STARTTLS is refused, so the password never travels in clear. Turn on only for a relay on a network you trust.',
  },
  {
    key: 'requireVerification',
    label: 'Require email verification',
    help: 'New users must open the link in the verification email before they can sign in.',
  },
];

function Toggle({
  label,
  help,
  checked,
  onChange,
}: {
  label: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="toggle-field">
      <input id={id} type="checkbox" role="switch" aria-checked={checked} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        <span>{label}</span>
        {help && <span className="muted">{help}</span>}
      </label>
    </div>
  );
}

export function SmtpForm({ saved }: { saved: EmailSettings }) {
  const [base, setBase] = useState(saved);
  const { values, setValues, errors, setErrors, formError, setFormError, set, field } = useFormFields(() => toForm(saved));
  const update = useUpdateEmailSettings();
  const toast = useToast();

  if (saved !== base) {
    setBase(saved);
    setValues(toForm(saved));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const { data, errors: found } = validateSmtpSettings(values);
    setErrors(found);
    if (!data) return;
    try {
      await update.mutateAsync(data);
      toast.show({ type: 'success', title: 'Email settings saved' });
    } catch (error) {
      const server = serverFieldErrors(error, smtpFields);
      setErrors(server.fields);
      setFormError(server.message ?? null);
    }
  }

  return (
    <form className="stack smtp-form" onSubmit={submit} noValidate aria-label="SMTP server">
      <FormAlert message={formError} />
      <Toggle
        label="Send through this SMTP server"
        help="When off, mail goes through SMTP_URL if the server has one, else to the outbox."
        checked={values.enabled}
        onChange={(v) => {
          set('enabled', v);
          // The host is only required while this server is used.
          if (!v) setErrors((e) => ({ ...e, host: undefined }));
        }}
      />
      <div className="form-grid">
        <TextField label="SMTP host" {...field('host')} placeholder="smtp.example.com" />
        <TextField
          label="Port"
          name="port"
          inputMode="numeric"
          value={values.port}
          onChange={(e) => set('port', e.target.value.replace(/[^\d]/g, ''))}
          error={errors.port}
          hint="587 for STARTTLS, 465 for TLS, 25 unencrypted."
        />
        <TextField label="Username" {...field('user')} name="smtp-user" autoComplete="off" />
        <TextField
          label="Password"
          {...field('password')}
          name="smtp-password"
          type="password"
          autoComplete="new-password"
          placeholder={saved.hasPassword ? '•••••••• (saved)' : ''}
          hint={saved.hasPassword ? 'A password is saved. Leave empty to keep it.' : 'No password saved.'}
        />
        <TextField
          label="From address"
          {...field('from')}
          placeholder="Support <no-reply@example.com>"
          hint="An email address, optionally as Name <email>. Empty uses the app name with no-reply@localhost."
        />
      </div>
      {smtpSwitches.map(({ key, label, help }) => (
        <Toggle key={key} label={label} help={help} checked={values[key]} onChange={(v) => set(key, v)} />
      ))}
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={update.isPending}>
          Save email settings
        </Button>
      </div>
    </form>
  );
}

function TestEmailForm() {
  const { user } = useAuth();
  const [to, setTo] = useState(user?.email ?? '');
  const [error, setError] = useState<string | undefined>();
  const send = useSendTestEmail();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = emailTestBodySchema.safeParse({ to });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      const result = await send.mutateAsync(parsed.data.to);
      toast.show({ type: result.transport === 'outbox' ? 'info' : 'success', title: result.message });
    } catch (err) {
      toast.show({ type: 'error', title: errorMessage(err) });
    }
  }

  return (
    <form className="test-email" onSubmit={submit} noValidate aria-label="Test email">
      <TextField
        label="Send a test email"
        name="test-to"
        type="email"
        placeholder="you@example.com"
        value={to}
        onChange={(e) => {
          setTo(e.target.value);
          setError(undefined);
        }}
        error={error}
        hint="Uses the saved settings, not unsaved changes above."
      />
      <Button type="submit" variant="secondary" loading={send.isPending}>
        Send test email
      </Button>
    </form>
  );
}
