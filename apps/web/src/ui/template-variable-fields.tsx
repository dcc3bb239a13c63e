import type { TemplateSlots } from '@wac/contract/template-parameters';
import type { Template } from '@wac/contract/templates';
import { TextField } from './text-field';

interface VariableValues {
  body: Record<string, string>;
  buttons: Record<number, string>;
}

interface TemplateVariableFieldsProps {
  category: Template['category'];
  slots: TemplateSlots;
  values: VariableValues;
  onChange: (patch: Partial<VariableValues>) => void;
  /** The message under a field ('body.1', 'button.0'). */
  issue: (field: string) => string | undefined;
  /** What the body fields suggest typing. */
  bodyPlaceholder?: string;
}

/** A field for each body variable and button value of a template (the send page, a campaign). */
export function TemplateVariableFields({ category, slots, values, onChange, issue, bodyPlaceholder }: TemplateVariableFieldsProps) {
  // An authentication template's copy button carries the same code as its body.
  const buttons = category === 'AUTHENTICATION' ? [] : slots.buttons;
  return (
    <>
      {slots.body.map((variable) => (
        <TextField
          key={variable}
          label={category === 'AUTHENTICATION' ? 'Verification code' : `Value for {{${variable}}}`}
          placeholder={bodyPlaceholder}
          value={values.body[variable] ?? ''}
          error={issue(`body.${variable}`)}
          onChange={(e) => onChange({ body: { ...values.body, [variable]: e.target.value } })}
        />
      ))}
      {buttons.map((slot) => (
        <TextField
          key={slot.index}
          label={slot.subType === 'copy_code' ? 'Offer code' : `Link ending for button ${slot.index + 1}`}
          value={values.buttons[slot.index] ?? ''}
          error={issue(`button.${slot.index}`)}
          hint={slot.subType === 'url' ? 'Replaces {{1}} at the end of the button’s URL' : undefined}
          onChange={(e) => onChange({ buttons: { ...values.buttons, [slot.index]: e.target.value } })}
        />
      ))}
    </>
  );
}
