import { type BusinessHours, businessHoursSchema, dayNames } from '@wac/contract/business-hours';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { QueryStatus } from '../../../ui/query-status';
import { useToast } from '../../../ui/toasts';
import { useAppSettingsForm } from '../api/get-app-settings';
import { useUpdateAppSettings } from '../api/update-app-settings';
import './business-hours-form.css';

type Opening = { start: string; end: string };
/** What the form edits: each day open or closed, with its times kept while closed so ticking it again restores them. */
interface DayValues extends Opening {
  open: boolean;
}
interface Values {
  enabled: boolean;
  days: DayValues[];
}

const FALLBACK_OPENING: Opening = { start: '09:00', end: '17:00' };

const valuesOf = (saved: BusinessHours): Values => ({
  enabled: saved.enabled,
  days: saved.days.map((day) => ({ open: day !== null, ...(day ?? FALLBACK_OPENING) })),
});

/** The schedule the settings API takes: closed days as null. */
export const scheduleOf = (values: Values) => ({
  enabled: values.enabled,
  days: values.days.map(({ open, start, end }) => (open ? { start, end } : null)),
});

/** The schema's first message per day (`days.1` → Monday's), and for the whole schedule under ''. */
export function businessHoursErrors(values: Values): Record<string, string> {
  const result = businessHoursSchema.safeParse(scheduleOf(values));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0] === 'days' && typeof issue.path[1] === 'number' ? String(issue.path[1]) : '';
    errors[key] ??= issue.message;
  }
  return errors;
}

function BusinessHoursFields({ saved, timezone }: { saved: BusinessHours; timezone: string }) {
  const id = useId();
  const update = useUpdateAppSettings();
  const toast = useToast();
  const [values, setValues] = useState(() => valuesOf(saved));
  const [base, setBase] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // A save elsewhere (or our own) brings a new saved schedule: start again from it.
  if (saved !== base) {
    setBase(saved);
    setValues(valuesOf(saved));
  }
  const dirty = JSON.stringify(scheduleOf(values)) !== JSON.stringify(saved);

  const setDay = (index: number, patch: Partial<DayValues>) => {
    setValues((v) => ({ ...v, days: v.days.map((day, i) => (i === index ? { ...day, ...patch } : day)) }));
    setErrors(({ [String(index)]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !dirty) return;
    setFormError(null);
    const found = businessHoursErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync({ 'analytics.businessHours': businessHoursSchema.parse(scheduleOf(values)) });
      toast.show({ type: 'success', title: 'Business hours saved' });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to save the business hours'));
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Business hours">
      <FormAlert message={formError ?? errors[''] ?? null} />
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={values.enabled}
          aria-checked={values.enabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setValues((v) => ({ ...v, enabled: e.target.checked }))}
        />
        Read response times within business hours too
      </label>
      <p className="field-hint" id={`${id}-hint`}>
        Times are in the app's timezone ({timezone}). When on, the metrics can show waiting times counted within these hours only; changing
        them recomputes those figures.
      </p>
      <fieldset className="business-hours-days">
        <legend className="visually-hidden">Opening hours by day</legend>
        {values.days.map((day, index) => {
          const name = dayNames[index] ?? '';
          const error = errors[String(index)];
          const errorId = `${id}-${index}-error`;
          return (
            <div key={name} className={error ? 'business-hours-day field-invalid' : 'business-hours-day'}>
              <label className="checkbox">
                <input type="checkbox" checked={day.open} onChange={(e) => setDay(index, { open: e.target.checked })} />
                {name}
              </label>
              <div className="field">
                <label htmlFor={`${id}-${index}-start`}>{name} opens</label>
                <input
                  id={`${id}-${index}-start`}
                  className="input"
                  type="time"
                  value={day.start}
                  disabled={!day.open}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => setDay(index, { start: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-${index}-end`}>{name} closes</label>
                <input
                  id={`${id}-${index}-end`}
                  className="input"
                  type="time"
                  value={day.end}
                  disabled={!day.open}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => setDay(index, { end: e.target.value })}
                />
              </div>
              {!day.open && <span className="muted">Closed</span>}
              {error && (
                <p className="field-error" id={errorId}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="row-end">
        <Button type="submit" variant="secondary" disabled={!dirty} loading={update.isPending}>
          Save business hours
        </Button>
      </div>
    </form>
  );
}

/** The weekly schedule analytics read waiting times "within business hours" by (`analytics.businessHours`). */
export function BusinessHoursForm() {
  const settings = useAppSettingsForm();
  if (settings.isPending || settings.isError) return <QueryStatus query={settings} loadingLabel="Loading business hours" />;
  return (
    <BusinessHoursFields saved={settings.data.settings['analytics.businessHours']} timezone={settings.data.settings['app.timezone']} />
  );
}
