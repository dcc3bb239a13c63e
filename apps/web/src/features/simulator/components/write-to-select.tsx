import { useId } from 'react';
import type { WriteToOption } from './write-to';

interface WriteToSelectProps {
  options: readonly WriteToOption[];
  /** A phone-number id of the sandbox; '' for the first. */
  value: string;
  onChange: (number: string) => void;
}

/** Which business number the customer writes to: the phone then shows their chat with that number. */
export function WriteToSelect({ options, value, onChange }: WriteToSelectProps) {
  const id = useId();
  const first = options[0]?.value ?? '';
  return (
    <div className="field">
      <label htmlFor={id}>Write to</label>
      <select
        id={id}
        className="input"
        value={value || first}
        aria-describedby={`${id}-hint`}
        // The first is the sandbox's default: remembered and sent as ''.
        onChange={(e) => onChange(e.target.value === first ? '' : e.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p className="field-hint" id={`${id}-hint`}>
        The business number the customer writes to; the phone shows their chat with it.
      </p>
    </div>
  );
}
