import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { Icon } from './icon';
import './secret-once.css';

/** How long "Copied" shows before the button reads "Copy" again. */
export const COPIED_FEEDBACK_MS = 2500;

interface SecretOnceProps {
  /** The field's label, e.g. "API key". */
  label: string;
  secret: string;
  /** What the secret is, in the warning: "key", "signing secret". */
  what: string;
}

/**
 * A secret the server answers only once (it keeps a hash): read-only, copied with one click, under the warning that it
 * cannot be shown again. Where the clipboard is not available (a plain-http address), the text is selected for Ctrl+C.
 */
export function SecretOnce({ label, secret, what }: SecretOnceProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('manual');
    }
  }

  return (
    <div className="secret-once">
      <p className="status-banner status-banner-warning secret-once-warning" id={`${id}-warning`}>
        <strong>This is the only time the {what} is shown. Store it now: it cannot be shown again.</strong>
      </p>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="secret-once-control">
          <input
            ref={input}
            id={id}
            className="input mono"
            readOnly
            value={secret}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-warning`}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={copySecret}>
            <Icon name="copy" size={16} />
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="field-hint" role="status">
          {copy === 'copied'
            ? `The ${what} is on your clipboard.`
            : copy === 'manual'
              ? 'The text is selected: press Ctrl+C (⌘C) to copy it.'
              : ''}
        </p>
      </div>
    </div>
  );
}
