import { flowLimits } from '@wac/contract/flows';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../../ui/button';

interface KeywordChipsProps {
  keywords: string[];
  onChange: (keywords: string[]) => void;
  disabled?: boolean;
}

/** Keywords as chips: typed and added with Enter or the button (lower-cased, once each), removed with their ×. */
export function KeywordChips({ keywords, onChange, disabled }: KeywordChipsProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const keyword = typed.trim().toLowerCase();
  const full = keywords.length >= flowLimits.keywords;
  const add = () => {
    if (!keyword || full) return;
    if (!keywords.includes(keyword)) onChange([...keywords, keyword]);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <div className="field">
      <label htmlFor={id}>Keywords</label>
      {keywords.length > 0 && (
        <ul className="flow-chips" aria-label="Keywords">
          {keywords.map((k) => (
            <li key={k} className="flow-chip">
              {k}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(keywords.filter((x) => x !== k))}
                aria-label={`Remove keyword ${k}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row flow-chip-input">
        <input
          id={id}
          className="input"
          value={typed}
          maxLength={flowLimits.keyword}
          disabled={disabled || full}
          placeholder={full ? `At most ${flowLimits.keywords} keywords` : 'e.g. order'}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" className="btn-small" disabled={disabled || !keyword || full} onClick={add}>
          Add keyword
        </Button>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        A customer's message equal to a keyword (any case) starts this flow.
      </p>
    </div>
  );
}
