import {
  type AppSettingKey,
  type AppSettings,
  type AppSettingTextKey,
  dateFormats,
  timeFormats,
} from '@wac/contract/app-settings-defaults';
import { formatCurrency } from '@wac/contract/format';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormFields } from '../../../lib/use-form-fields';
import { FormAlert } from '../../../ui/form-alert';
import { QueryStatus } from '../../../ui/query-status';
import { SaveChangesActions } from '../../../ui/save-changes-actions';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { useAppSettingsForm } from '../api/get-app-settings';
import { useUpdateAppSettings } from '../api/update-app-settings';
import { KeywordListField } from './keyword-list-field';
import {
  commonCurrencies,
  currencyName,
  languageCodes,
  languageName,
  previewDate,
  previewDateTime,
  timezoneOptions,
} from './regional-options';
import { changedAppSettings, validateAppSettings } from './settings-validation';

const allKeys = [
  'app.name',
  'app.description',
  'app.url',
  'app.terms_url',
  'app.privacy_url',
  'app.support_email',
  'app.date_format',
  'app.time_format',
  'app.timezone',
  'app.language',
  'app.currency',
  'app.logo_url',
  'app.favicon_url',
  'app.opt_out_keywords',
  'app.opt_in_keywords',
  'app.opt_out_confirmation',
  'app.opt_in_confirmation',
  'app.read_receipts',
  'app.marketing_messages_api',
] as const satisfies readonly AppSettingKey[];

const timeFormatLabels: Record<string, string> = { '24h': '24-hour', '12h': '12-hour' };

export function AppSettingsSection() {
  const settings = useAppSettingsForm();
  if (settings.isPending || settings.isError) return <QueryStatus query={settings} loadingLabel="Loading app settings" />;
  return <AppSettingsForm saved={settings.data.settings} />;
}

function SelectField({
  label,
  value,
  onChange,
  error,
  hint,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {hint && !error && <p className="field-hint">{hint}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function AppSettingsForm({ saved }: { saved: AppSettings }) {
  const { values, setValues, errors, setErrors, formError, setFormError, set, reset, field } = useFormFields(saved);
  const [base, setBase] = useState<AppSettings>(saved);
  const update = useUpdateAppSettings();
  const toast = useToast();
  const ids = { description: useId(), currency: useId(), currencies: useId() };

  // A save elsewhere (or our own) brings new saved values: start again from them.
  if (saved !== base) {
    setBase(saved);
    setValues(saved);
  }

  const changes = changedAppSettings(saved, values);
  const dirty = Object.keys(changes).length > 0;
  const zones = useMemo(() => timezoneOptions(saved['app.timezone']), [saved]);
  const languages = (languageCodes as readonly string[]).includes(values['app.language'])
    ? languageCodes
    : [values['app.language'], ...languageCodes];
  const now = useMemo(() => new Date(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !dirty) return;
    setFormError(null);
    const { data, errors: found } = validateAppSettings(changes);
    setErrors(found);
    if (!data) return;
    try {
      await update.mutateAsync(data);
      toast.show({ type: 'success', title: 'App settings saved' });
    } catch (error) {
      const server = serverFieldErrors(error, allKeys);
      setErrors(server.fields);
      setFormError(server.message ?? null);
    }
  }

  const text = (key: AppSettingTextKey, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} {...field(key)} {...extra} />
  );

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="App settings">
      <FormAlert message={formError} />

      <fieldset className="settings-group">
        <legend>Branding</legend>
        <div className="form-grid">
          {text('app.name', 'App name', { hint: 'Shown in the sidebar, page titles and emails.', className: 'field-wide' })}
          <div className={errors['app.description'] ? 'field field-wide field-invalid' : 'field field-wide'}>
            <label htmlFor={ids.description}>Description</label>
            <textarea
              id={ids.description}
              className="short"
              rows={2}
              value={values['app.description']}
              onChange={(e) => set('app.description', e.target.value)}
              aria-invalid={Boolean(errors['app.description'])}
            />
            {errors['app.description'] ? (
              <p className="field-error">{errors['app.description']}</p>
            ) : (
              <p className="field-hint">Shown on the sign-in page.</p>
            )}
          </div>
          {text('app.logo_url', 'Logo URL', {
            type: 'url',
            placeholder: 'https://example.com/logo.png',
            hint: 'Square image; the default icon shows if it cannot load.',
          })}
          {text('app.favicon_url', 'Favicon URL', {
            type: 'url',
            placeholder: 'https://example.com/favicon.ico',
            hint: 'The icon on the browser tab.',
          })}
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Links and contact</legend>
        <div className="form-grid">
          {text('app.url', 'App URL', { type: 'url', placeholder: 'https://chat.example.com', hint: 'Where people reach this console.' })}
          {text('app.support_email', 'Support email', { type: 'email', placeholder: 'support@example.com' })}
          {text('app.terms_url', 'Terms of service URL', { type: 'url', hint: 'Linked from the sign-in page and footer when set.' })}
          {text('app.privacy_url', 'Privacy policy URL', { type: 'url', hint: 'Linked from the sign-in page and footer when set.' })}
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Region and formats</legend>
        <div className="form-grid">
          <SelectField
            label="Date format"
            value={values['app.date_format']}
            onChange={(v) => set('app.date_format', v)}
            error={errors['app.date_format']}
          >
            {dateFormats.map((format) => (
              <option key={format} value={format}>
                {format} ({previewDate(now, format)})
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Time format"
            value={values['app.time_format']}
            onChange={(v) => set('app.time_format', v)}
            error={errors['app.time_format']}
          >
            {timeFormats.map((format) => (
              <option key={format} value={format}>
                {timeFormatLabels[format]} ({previewDateTime(now, 'YYYY-MM-DD', format, 'UTC').slice(11)})
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Timezone"
            value={values['app.timezone']}
            onChange={(v) => set('app.timezone', v)}
            error={errors['app.timezone']}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Language"
            value={values['app.language']}
            onChange={(v) => set('app.language', v)}
            error={errors['app.language']}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code)} ({code})
              </option>
            ))}
          </SelectField>
          <div className={errors['app.currency'] ? 'field field-invalid' : 'field'}>
            <label htmlFor={ids.currency}>Currency</label>
            <input
              id={ids.currency}
              list={ids.currencies}
              value={values['app.currency']}
              maxLength={3}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set('app.currency', e.target.value.toUpperCase())}
              aria-invalid={Boolean(errors['app.currency'])}
            />
            <datalist id={ids.currencies}>
              {commonCurrencies.map((code) => (
                <option key={code} value={code}>
                  {currencyName(code)}
                </option>
              ))}
            </datalist>
            {errors['app.currency'] ? (
              <p className="field-error">{errors['app.currency']}</p>
            ) : (
              <p className="field-hint">{currencyName(values['app.currency'])}. Pick a common code or type any ISO 4217 code.</p>
            )}
          </div>
        </div>
        <div className="settings-preview" aria-live="polite">
          <span className="muted">Preview</span>
          <strong>{previewDateTime(now, values['app.date_format'], values['app.time_format'], values['app.timezone'])}</strong>
          <span className="muted">{values['app.timezone']}</span>
          <strong>{formatCurrency(1234.5, values['app.currency'] || 'USD', values['app.language'] || 'en')}</strong>
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Chat</legend>
        <div className="form-grid">
          <SelectField
            label="Read receipts and typing indicator"
            value={values['app.read_receipts']}
            onChange={(v) => set('app.read_receipts', v)}
            error={errors['app.read_receipts']}
            hint="On: when an agent opens a conversation the customer sees their messages read, and while the agent types they see “typing…”. Off: neither."
          >
            <option value="on">On</option>
            <option value="off">Off</option>
          </SelectField>
          <SelectField
            label="Marketing templates go through"
            value={values['app.marketing_messages_api']}
            onChange={(v) => set('app.marketing_messages_api', v)}
            error={errors['app.marketing_messages_api']}
            hint="Meta's Marketing Messages API delivers marketing templates with its own optimisations and reporting; other templates always use the Cloud API's messages endpoint."
          >
            <option value="off">The Cloud API (/messages)</option>
            <option value="on">The Marketing Messages API (/marketing_messages)</option>
          </SelectField>
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Opt-out</legend>
        <div className="form-grid">
          <KeywordListField
            label="Opt-out keywords"
            hint="Customers who send one of these words on its own are opted out: they get the confirmation below, never the bot's answer, and campaigns skip them."
            value={values['app.opt_out_keywords']}
            onChange={(lines) => set('app.opt_out_keywords', lines)}
            error={errors['app.opt_out_keywords']}
          />
          <KeywordListField
            label="Opt-in keywords"
            hint="Customers who opted out and then send one of these words on its own are opted back in and get the confirmation below."
            value={values['app.opt_in_keywords']}
            onChange={(lines) => set('app.opt_in_keywords', lines)}
            error={errors['app.opt_in_keywords']}
          />
          {text('app.opt_out_confirmation', 'Opt-out confirmation', {
            className: 'field-wide',
            hint: 'Sent back for an opt-out keyword, whoever holds the conversation. Leave blank to send nothing.',
          })}
          {text('app.opt_in_confirmation', 'Opt-in confirmation', {
            className: 'field-wide',
            hint: 'Sent back for an opt-in keyword. Leave blank to send nothing.',
          })}
        </div>
      </fieldset>

      <SaveChangesActions dirty={dirty} saving={update.isPending} saveLabel="Save app settings" onDiscard={() => reset(saved)} />
    </form>
  );
}
