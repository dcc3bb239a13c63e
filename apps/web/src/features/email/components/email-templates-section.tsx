import type { EmailTemplateName } from '@wac/contract/email';
import { type FormEvent, useId, useState } from 'react';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormFields } from '../../../lib/use-form-fields';
import { FormAlert } from '../../../ui/form-alert';
import { QueryStatus } from '../../../ui/query-status';
import { SaveChangesActions } from '../../../ui/save-changes-actions';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { type EmailTemplate, useEmailTemplates } from '../api/list-email-templates';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { validateEmailTemplate } from './email-validation';

const templateLabels: Record<EmailTemplateName, { title: string; when: string }> = {
  password_reset: { title: 'Password reset', when: 'Sent when someone asks to reset a forgotten password.' },
  email_verification: { title: 'Email verification', when: 'Sent to new users, and when a user’s email changes.' },
  test: { title: 'Test email', when: 'Sent by “Send test email” above.' },
};

export function EmailTemplatesSection() {
  const templates = useEmailTemplates();
  const [selected, setSelected] = useState<EmailTemplateName>('password_reset');
  const idPrefix = useId();
  const tabId = (name: string) => `${idPrefix}-tab-${name}`;
  const panelId = `${idPrefix}-panel`;

  if (templates.isPending || templates.isError) return <QueryStatus query={templates} loadingLabel="Loading email templates" />;
  const current = templates.data.find((t) => t.name === selected) ?? templates.data[0];
  if (!current) return <div className="empty-state">No email templates.</div>;

  return (
    <div className="template-editor">
      <div className="segmented" role="tablist" aria-label="Email templates">
        {templates.data.map((t) => (
          <button
            key={t.name}
            type="button"
            role="tab"
            id={tabId(t.name)}
            aria-controls={panelId}
            aria-selected={t.name === current.name}
            className={t.name === current.name ? 'is-active' : undefined}
            onClick={() => setSelected(t.name)}
          >
            {templateLabels[t.name]?.title ?? t.name}
          </button>
        ))}
      </div>
      {/* ARIA in HTML allows a form no tabpanel role, so the panel wraps it. */}
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current.name)}>
        <TemplateForm key={`${current.name}:${current.subject}:${current.text}`} template={current} />
      </div>
    </div>
  );
}

function TemplateForm({ template }: { template: EmailTemplate }) {
  const saved = { subject: template.subject, text: template.text };
  const { values, errors, setErrors, formError, setFormError, set, reset, field } = useFormFields(saved);
  const update = useUpdateEmailTemplate();
  const toast = useToast();
  const textId = useId();
  const dirty = values.subject !== saved.subject || values.text !== saved.text;
  const label = templateLabels[template.name];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const { data, errors: found } = validateEmailTemplate(values, template.variables);
    setErrors(found);
    if (!data) return;
    try {
      await update.mutateAsync({ name: template.name, template: data });
      toast.show({ type: 'success', title: `${label?.title ?? template.name} template saved` });
    } catch (error) {
      const server = serverFieldErrors(error, ['subject', 'text'] as const);
      setErrors(server.fields);
      setFormError(server.message ?? null);
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={`${label?.title ?? template.name} template`}>
      {label && <p className="muted">{label.when}</p>}
      <FormAlert message={formError} />
      <TextField label="Subject" {...field('subject')} />
      <div className={errors.text ? 'field field-invalid' : 'field'}>
        <label htmlFor={textId}>Text</label>
        <textarea
          id={textId}
          className="mono"
          rows={9}
          value={values.text}
          onChange={(e) => set('text', e.target.value)}
          aria-invalid={Boolean(errors.text)}
        />
        {errors.text && <p className="field-error">{errors.text}</p>}
      </div>
      <div className="variables">
        <span className="muted">Variables you can use:</span>
        {template.variables.map((v) => (
          <code key={v} className="chip">{`{{${v}}}`}</code>
        ))}
      </div>
      <SaveChangesActions dirty={dirty} saving={update.isPending} saveLabel="Save template" onDiscard={() => reset(saved)} />
    </form>
  );
}
