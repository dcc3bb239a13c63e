import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';

interface CustomerComposerProps {
  /** Why the customer cannot write yet (shown in the empty box), or null when they can. */
  disabledReason: string | null;
  sending: boolean;
  /** `onSent` runs once the message is on its way, to clear the box; on failure the text stays. */
  onSendText: (text: string, onSent: () => void) => void;
  /** The text typed so far goes with the file as its caption. */
  onSendFile: (file: File, caption: string, onSent: () => void) => void;
}

/** Where the simulated customer types: text with Enter or the button, or a file with what was typed as its caption. */
export function CustomerComposer({ disabledReason, sending, onSendText, onSendFile }: CustomerComposerProps) {
  const disabled = disabledReason !== null;
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) onSendText(text, () => setText(''));
  }

  function sendFile(file: File | undefined) {
    // Cleared at once, so choosing the same file again still counts as a change.
    if (fileInput.current) fileInput.current.value = '';
    if (file) onSendFile(file, text, () => setText(''));
  }

  return (
    <form className="sim-composer" onSubmit={submit}>
      <input
        ref={fileInput}
        type="file"
        className="visually-hidden"
        aria-label="Customer file"
        tabIndex={-1}
        onChange={(e) => sendFile(e.target.files?.[0])}
      />
      <Button
        variant="ghost"
        className="sim-attach"
        disabled={disabled || sending}
        onClick={() => fileInput.current?.click()}
        aria-label="Send file as customer"
        title="Send file as customer"
      >
        <Icon name="paperclip" />
      </Button>
      <input
        className="input"
        aria-label="Customer message"
        placeholder={disabledReason ?? 'Message'}
        value={text}
        maxLength={4096}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" disabled={disabled || !text.trim()} loading={sending}>
        Send as customer
      </Button>
    </form>
  );
}
