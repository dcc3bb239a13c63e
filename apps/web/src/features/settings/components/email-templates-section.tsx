import type { EmailTemplateName } from '@wac/contract/email';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { QueryStatus } from '../../../ui/query-status';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { type EmailTemplate, useEmailTemplates } from '../api/list-email-templates';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { type FieldErrors, serverFieldErrors, validateEmailTemplate } from './settings-validation';

const templateLabels: Record<EmailTemplateName, { title: string; when: string }> = {
  password_reset: { title: 'Password reset', when: 'Sent when someone asks to reset a forgotten password.' },
  email_verification: { title: 'Email verification', when: 'Sent to new users, and when a user’s email changes.' },
  test: { title: 'Test email', when: 'Sent by “Send test email” above.' },
};

export function EmailTemplatesSection() {
  const templates = useEmailTemplates();
  const [selected, setSelected] = useState<EmailTemplateName>('password_reset');

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
            aria-selected={t.name === current.name}
            className={t.name === current.name ? 'is-active' : undefined}
            onClick={() => setSelected(t.name)}
          >
            {templateLabels[t.name]?.title ?? t.name}
          </button>
        ))}
      </div>
      <TemplateForm key={`${current.name}:${current.subject}:${current.text}`} template={current} />
    </div>
  );
}

function TemplateForm({ template }: { template: EmailTemplate }) {
  const [subject, setSubject] = useState(template.subject);
  const [text, setText] = useState(template.text);
  const [errors, setErrors] = useState<FieldErrors<'subject' | 'text'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateEmailTemplate();
  const toast = useToast();
  const textId = useId();
  const dirty = subject !== template.subject || text !== template.text;
  const label = templateLabels[template.name];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const { data, errors: found } = validateEmailTemplate({ subject, text }, template.variables);
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
    <form className="stack" role="tabpanel" onSubmit={submit} noValidate aria-label={`${label?.title ?? template.name} template`}>
      {label && <p className="muted">{label.when}</p>}
      {formError && (
        <div className="form-alert" role="alert">
          {formError}
        </div>
      )}
      <TextField
        label="Subject"
        name="subject"
        value={subject}
        onChange={(e) => {
          setSubject(e.target.value);
          setErrors((v) => ({ ...v, subject: undefined }));
        }}
        error={errors.subject}
      />
      <div className={errors.text ? 'field field-invalid' : 'field'}>
        <label htmlFor={textId}>Text</label>
        <textarea
          id={textId}
          className="mono"
          rows={9}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setErrors((v) => ({ ...v, text: undefined }));
          }}
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
      <div className="form-actions">
        <Button
          type="button"
          variant="ghost"
          disabled={!dirty || update.isPending}
          onClick={() => {
            setSubject(template.subject);
            setText(template.text);
            setErrors({});
            setFormError(null);
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="primary" disabled={!dirty} loading={update.isPending}>
          Save template
        </Button>
      </div>
    </form>
  );
}
