import { useId } from 'react';
import './checkbox-group.css';

interface CheckboxGroupProps<V extends string> {
  legend: string;
  options: readonly { value: V; label: string }[];
  /** The values ticked, in the order they were ticked. */
  value: readonly V[];
  onChange: (value: V[]) => void;
  error?: string;
  hint?: string;
}

/** A set of checkboxes for a list of values, named by its legend, with its error or hint tied to it for screen readers. */
export function CheckboxGroup<V extends string>({ legend, options, value, onChange, error, hint }: CheckboxGroupProps<V>) {
  const id = useId();
  const note = error ?? hint;
  return (
    <fieldset className={`checkbox-group${error ? ' checkbox-group-invalid' : ''}`} aria-describedby={note ? `${id}-note` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type="checkbox"
            checked={value.includes(option.value)}
            onChange={(e) => onChange(e.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value))}
          />
          {option.label}
        </label>
      ))}
      {note && (
        <p className={error ? 'field-error' : 'field-hint'} id={`${id}-note`}>
          {note}
        </p>
      )}
    </fieldset>
  );
}
