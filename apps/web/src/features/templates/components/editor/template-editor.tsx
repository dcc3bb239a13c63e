import { renderTemplate } from '@wac/contract/template-parameters';
import { type TemplateIssue, validateTemplate } from '@wac/contract/template-rules';
import {
  editableTemplateStatuses,
  type Template,
  type TemplateCategory,
  type TemplateDraft,
  templateCategories,
} from '@wac/contract/templates';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { TextField } from '../../../../ui/text-field';
import { useToast } from '../../../../ui/toasts';
import { useSaveTemplate } from '../../api/save-template';
import { useTemplateConstants } from '../../api/template-constants';
import { SelectField, TemplateSection } from '../form-fields';
import { TemplatePreview } from '../template-preview';
import { AuthenticationFields } from './authentication-fields';
import { BodyFields, FooterFields } from './body-fields';
import { ButtonsFields } from './button-fields';
import { HeaderFields } from './header-fields';
import { issuesByField, type TemplateForm, toDraft } from './template-form';
import '../templates.css';
import { FormAlert } from '../../../../ui/form-alert';

const categoryLabel: Record<TemplateCategory, string> = {
  MARKETING: 'Marketing',
  UTILITY: 'Utility',
  AUTHENTICATION: 'Authentication',
};

function isIssueList(details: unknown): details is TemplateIssue[] {
  return Array.isArray(details) && details.every((d) => typeof d?.field === 'string' && typeof d?.message === 'string');
}

/** The field-by-field refusals of a failed save (the server checks the same rules, and Meta's own). */
function serverIssues(error: unknown, draft: TemplateDraft): Map<string, string> {
  const details = error instanceof ApiError ? (error.body as { details?: unknown } | null)?.details : undefined;
  return isIssueList(details) ? issuesByField(details, draft) : new Map();
}

interface TemplateEditorProps {
  initial: TemplateForm;
  /** Set when editing: name, language and category then stay as they are, and Meta reviews the new components. */
  existing?: Template;
}

/** Every component Meta offers, a live preview, and Meta's rules checked as the fields are typed in. */
export function TemplateEditor({ initial, existing }: TemplateEditorProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const constants = useTemplateConstants();
  const save = useSaveTemplate();
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(Boolean(existing));
  const [sample, setSample] = useState<{ url: string; name: string } | null>(null);

  const draft = useMemo(() => toDraft(form), [form]);
  const problems = useMemo(() => issuesByField(validateTemplate(draft), draft), [draft]);
  const refusals = useMemo(() => serverIssues(save.error, draft), [save.error, draft]);
  const rendered = useMemo(() => renderTemplate(draft), [draft]);
  const issue = (field: string) => refusals.get(field) ?? (showAll || touched.has(field) ? problems.get(field) : undefined);

  const change = (patch: Partial<TemplateForm>, field: string) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  };

  const locked = existing !== undefined && (!existing.supported || !editableTemplateStatuses.includes(existing.status));
  const general = issue('components');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (problems.size > 0 || locked) return;
    try {
      const saved = await save.mutateAsync({ id: existing?.id, draft });
      toast.show({ type: 'success', title: `Template ${saved.name} submitted for review` });
      navigate('/templates');
    } catch {
      setShowAll(true);
    }
  }

  const parts = { form, change, issue };
  const languages = constants.data?.languages ?? [{ code: form.language, name: form.language }];
  return (
    <form className="template-editor-layout" onSubmit={submit} noValidate>
      <div className="stack">
        {locked && (
          <div className="status-banner status-banner-warning" role="status">
            {existing?.supported
              ? `Meta lets a template be edited only while it is approved, rejected or paused; this one is ${existing?.status.toLowerCase()}.`
              : 'This template uses parts the console does not support, so it can only be edited in Meta’s WhatsApp Manager.'}
          </div>
        )}
        <TemplateSection legend="Template">
          <div className="form-grid">
            <TextField
              label="Name"
              value={form.name}
              disabled={existing !== undefined}
              autoComplete="off"
              error={issue('name')}
              hint="Lowercase letters, digits and underscores, such as order_update"
              onChange={(e) => change({ name: e.target.value.toLowerCase().replace(/\s+/g, '_') }, 'name')}
            />
            <SelectField
              label="Category"
              value={form.category}
              disabled={existing !== undefined}
              error={issue('category')}
              onChange={(e) => change({ category: e.target.value as TemplateCategory }, 'category')}
            >
              {templateCategories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel[c]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Language"
              value={form.language}
              disabled={existing !== undefined}
              error={issue('language')}
              onChange={(e) => change({ language: e.target.value }, 'language')}
            >
              {languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </SelectField>
          </div>
        </TemplateSection>

        {form.category === 'AUTHENTICATION' ? (
          <AuthenticationFields {...parts} />
        ) : (
          <>
            <HeaderFields {...parts} onSample={setSample} />
            <BodyFields {...parts} />
            <FooterFields {...parts} />
            <ButtonsFields {...parts} />
          </>
        )}

        <FormAlert inline message={general} />
        <FormAlert
          message={save.isError && errorMessage(save.error, existing ? 'Failed to update template' : 'Failed to create template')}
        />
        <div className="form-actions template-editor-actions">
          {problems.size > 0 && !showAll && (
            <button type="button" className="link-button" onClick={() => setShowAll(true)}>
              {problems.size === 1 ? '1 field needs attention' : `${problems.size} fields need attention`}: show
            </button>
          )}
          <Link className="btn btn-secondary" to="/templates">
            Cancel
          </Link>
          <Button type="submit" loading={save.isPending} disabled={problems.size > 0 || locked}>
            {existing ? 'Save and resubmit' : 'Submit for approval'}
          </Button>
        </div>
      </div>
      <aside className="template-preview-pane">
        <h2>Preview</h2>
        <TemplatePreview
          rendered={rendered}
          media={sample ?? (form.headerFileName ? { url: null, name: form.headerFileName } : undefined)}
        />
      </aside>
    </form>
  );
}
