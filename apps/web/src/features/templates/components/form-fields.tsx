import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface FieldFrame {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

function Frame({ label, error, hint, className, id, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={['field', error ? 'field-invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

export function SelectField({ label, error, hint, className, children, ...rest }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy(id, error, hint)} {...rest}>
        {children}
      </select>
    </Frame>
  );
}

export function TextAreaField({ label, error, hint, className, ...rest }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy(id, error, hint)} {...rest} />
    </Frame>
  );
}

/** "12 / 60" under a text with a limit. */
export const lengthHint = (text: string, max: number) => `${text.length} / ${max}`;

/** One part of a template (header, body, buttons...), under its name. */
export function TemplateSection({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="template-section">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
