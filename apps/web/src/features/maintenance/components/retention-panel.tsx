import type { RetentionPolicy } from '@wac/contract/cleanup';
import { CLEANUP_MAX_DAYS } from '@wac/contract/cleanup';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { DataTable } from '../../../ui/data-table';
import { FormAlert } from '../../../ui/form-alert';
import { QueryStatus } from '../../../ui/query-status';
import { SaveChangesActions } from '../../../ui/save-changes-actions';
import { useToast } from '../../../ui/toasts';
import { useRetentionPolicy, useSaveRetentionPolicy } from '../api/retention-policy';
import { CheckboxField } from './cleanup-fields';
import { itemLabel } from './maintenance-labels';
import { type RetentionForm, type RetentionRuleName, retentionFormOf, retentionPolicyOf, retentionRuleNames } from './retention-form';

/** Settings → Maintenance → Retention policy: what the server cleans up by itself once a day (off by default). */
export function RetentionPanel() {
  const policy = useRetentionPolicy();
  if (policy.isPending || policy.isError) return <QueryStatus query={policy} loadingLabel="Loading the retention policy" />;
  return <RetentionPolicyForm key={JSON.stringify(policy.data)} saved={policy.data} />;
}

function RetentionPolicyForm({ saved }: { saved: RetentionPolicy }) {
  const save = useSaveRetentionPolicy();
  const toast = useToast();
  const [form, setForm] = useState(() => retentionFormOf(saved));
  const [errors, setErrors] = useState<Partial<Record<RetentionRuleName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(retentionFormOf(saved));

  const setRule = (name: RetentionRuleName, patch: Partial<RetentionForm['rules'][RetentionRuleName]>) => {
    setForm((f) => ({ ...f, rules: { ...f.rules, [name]: { ...f.rules[name], ...patch } } }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = retentionPolicyOf(form);
    if (!checked.policy) {
      setErrors(checked.errors);
      return;
    }
    try {
      await save.mutateAsync(checked.policy);
      toast.show({ type: 'success', title: 'Retention policy saved' });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p className="muted">
        Once a day the server deletes, in each ticked collection and directory, what is older than its days: a cleanup of its own, shown in
        the history of its kind. Nothing is ticked until you tick it.
      </p>
      <DataTable className="maintenance-retention" columns={['Data', 'Clean up daily', 'Older than (days)']}>
        {retentionRuleNames.map((name) => {
          const rule = form.rules[name];
          const label = itemLabel(name);
          return (
            <tr key={name}>
              <td>{label}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Clean up ${label} daily`}
                  checked={rule.enabled}
                  onChange={(e) => setRule(name, { enabled: e.target.checked })}
                />
              </td>
              <td>
                <input
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={CLEANUP_MAX_DAYS}
                  step={1}
                  aria-label={`${label}: older than (days)`}
                  aria-invalid={Boolean(errors[name])}
                  aria-describedby={errors[name] ? `retention-${name}-error` : undefined}
                  value={rule.days}
                  onChange={(e) => setRule(name, { days: e.target.value })}
                />
                {errors[name] && (
                  <p className="field-error" id={`retention-${name}-error`}>
                    {errors[name]}
                  </p>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <CheckboxField
        label="Archive rows before they go (messages, activities and API usage events)"
        checked={form.archiveBeforeDelete}
        onChange={(archiveBeforeDelete) => setForm((f) => ({ ...f, archiveBeforeDelete }))}
      />
      <FormAlert message={formError} />
      <SaveChangesActions
        dirty={dirty}
        saving={save.isPending}
        saveLabel="Save retention policy"
        onDiscard={() => {
          setForm(retentionFormOf(saved));
          setErrors({});
        }}
      />
    </form>
  );
}
