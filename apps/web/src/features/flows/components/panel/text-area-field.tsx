import { type TextareaHTMLAttributes, useId } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows a live count against it, in red beyond it. */
  limit?: number;
  error?: string;
  hint?: string;
}

/** A labelled text area, like the shared TextField, with an optional character count announced as its description. */
export function TextAreaField({ label, value, onChange, limit, error, hint, rows = 3, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const over = limit !== undefined && value.length > limit;
  const describedBy = [limit !== undefined && `${id}-count`, error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={`field${error || over ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error) || over}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {limit !== undefined && <CharCount id={`${id}-count`} length={value.length} limit={limit} />}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** `12 of 20 characters`, red and saying so once over. */
export function CharCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length > limit;
  return (
    <p id={id} className={`flow-char-count${over ? ' is-over' : ''}`}>
      {length}/{limit} characters{over ? ` — ${length - limit} too many` : ''}
    </p>
  );
}
