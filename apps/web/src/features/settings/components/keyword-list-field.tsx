import { KEYWORDS_MAX_COUNT } from '@wac/contract/app-settings-defaults';
import { useId } from 'react';
import { keywordLines } from './settings-validation';

interface KeywordListFieldProps {
  label: string;
  hint: string;
  /** The box's lines as typed; blank ones are dropped when saving. */
  value: readonly string[];
  onChange: (lines: string[]) => void;
  error?: string;
}

/** A list of keywords as a text box with one keyword per line: easy to paste into, and read by screen readers as text. */
export function KeywordListField({ label, hint, value, onChange, error }: KeywordListFieldProps) {
  const id = useId();
  const count = keywordLines(value).length;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={6}
        value={value.join('\n')}
        onChange={(e) => onChange(e.target.value.split('\n'))}
        spellCheck={false}
        autoCapitalize="characters"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {hint} One keyword per line; matching ignores case and surrounding punctuation. {count} of {KEYWORDS_MAX_COUNT}.
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
