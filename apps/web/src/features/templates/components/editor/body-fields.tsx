import { distinctVariables } from '@wac/contract/template-rules';
import { templateLimits } from '@wac/contract/templates';
import { TextField } from '../../../../ui/text-field';
import { lengthHint, TemplateSection, TextAreaField } from '../form-fields';
import type { EditorPartProps } from './editor-props';

/** The body text; an example field appears for each variable typed in it, as Meta requires. */
export function BodyFields({ form, change, issue }: EditorPartProps) {
  const variables = distinctVariables(form.body);
  const examplesIssue = issue('BODY.example');
  return (
    <TemplateSection legend="Body">
      <TextAreaField
        label="Body"
        value={form.body}
        rows={6}
        error={issue('BODY.text')}
        hint={`${lengthHint(form.body, templateLimits.bodyMaxLength)} · variables: {{1}}, {{2}}… or names such as {{first_name}}`}
        onChange={(e) => change({ body: e.target.value }, 'BODY.text')}
      />
      {variables.length > 0 && (
        <div className="template-examples">
          <p className="field-hint">Meta reviews the template with these sample values.</p>
          {variables.map((variable) => (
            <TextField
              key={variable}
              label={`Example for {{${variable}}}`}
              value={form.bodyExamples[variable] ?? ''}
              onChange={(e) => change({ bodyExamples: { ...form.bodyExamples, [variable]: e.target.value } }, 'BODY.example')}
            />
          ))}
          {examplesIssue && <p className="field-error">{examplesIssue}</p>}
        </div>
      )}
    </TemplateSection>
  );
}

/** A plain footer line; empty leaves the footer out. */
export function FooterFields({ form, change, issue }: EditorPartProps) {
  return (
    <TemplateSection legend="Footer">
      <TextField
        label="Footer"
        value={form.footer}
        error={issue('FOOTER.text')}
        hint={`${lengthHint(form.footer, templateLimits.footerMaxLength)} · optional, no variables`}
        onChange={(e) => change({ footer: e.target.value }, 'FOOTER.text')}
      />
    </TemplateSection>
  );
}
