import { templateSlots } from '@wac/contract/template-parameters';
import type { Template } from '@wac/contract/templates';
import { TemplateVariableFields } from '../../../../ui/template-variable-fields';
import { TextField } from '../../../../ui/text-field';
import type { ParameterValues } from './campaign-parameters';

interface TemplateParameterFieldsProps {
  template: Template;
  values: ParameterValues;
  onChange: (patch: Partial<ParameterValues>) => void;
  /** The message under a field ('header', 'body.1', 'button.0'), once the person tried to save. */
  issue: (field: string) => string | undefined;
}

/** How placeholders work, shown once beside the values that may hold them. */
export function PlaceholdersHelp() {
  return (
    <div className="status-banner status-banner-info campaign-placeholders-help">
      <p>
        Values may hold placeholders, filled in for each recipient: <code>{'{{name}}'}</code> their name, <code>{'{{phone}}'}</code> their
        number, or <code>{'{{column}}'}</code> for any column of your contacts file, such as <code>{'{{order_no}}'}</code> for a column
        “Order no”.
      </p>
      <p>A recipient with no value for a placeholder gets it as written: the preview step lists them.</p>
    </div>
  );
}

/** A field for each value the template takes; a media header is a public link, the same file for every recipient. */
export function TemplateParameterFields({ template, values, onChange, issue }: TemplateParameterFieldsProps) {
  const slots = templateSlots(template.components, template.category);
  const buttons = template.category === 'AUTHENTICATION' ? [] : slots.buttons;
  if (!slots.header && slots.body.length === 0 && buttons.length === 0) {
    return <p className="field-hint">This template has no variables: every recipient gets it as it is.</p>;
  }
  return (
    <div className="stack">
      <PlaceholdersHelp />
      {slots.header?.kind === 'text' && (
        <TextField
          label={`Header value for {{${slots.header.variable}}}`}
          value={values.header}
          error={issue('header')}
          onChange={(e) => onChange({ header: e.target.value })}
        />
      )}
      {slots.header?.kind === 'media' && (
        <TextField
          label={`Header ${slots.header.format.toLowerCase()} link`}
          type="url"
          placeholder="https://example.com/file"
          value={values.header}
          error={issue('header')}
          hint="A public https link WhatsApp downloads; every recipient gets the same file."
          onChange={(e) => onChange({ header: e.target.value })}
        />
      )}
      <TemplateVariableFields
        category={template.category}
        slots={slots}
        values={values}
        onChange={onChange}
        issue={issue}
        bodyPlaceholder="Text, or a placeholder such as {{name}}"
      />
    </div>
  );
}
