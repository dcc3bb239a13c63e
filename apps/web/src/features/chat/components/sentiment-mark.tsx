import type { ChatMessage } from '@wac/contract/chat';
import { type SentimentLabel, sentimentLabels } from '@wac/contract/sentiment';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useClickOutside } from '../../../lib/use-click-outside';
import { useToast } from '../../../ui/toasts';
import { useCorrectSentiment } from '../api/correct-sentiment';

const mouths: Record<SentimentLabel, string> = {
  positive: 'M8 14.5c1 1.4 2.4 2 4 2s3-.6 4-2',
  neutral: 'M8.5 15.5h7',
  negative: 'M8 16.5c1-1.4 2.4-2 4-2s3 .6 4 2',
};

/** A face per label, so the mark never speaks by colour alone. */
export function SentimentFace({ label }: { label: SentimentLabel }) {
  return (
    <svg className="sentiment-face" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9.5h.01M15 9.5h.01" />
      <path d={mouths[label]} />
    </svg>
  );
}

const capitalised = (label: SentimentLabel) => label.charAt(0).toUpperCase() + label.slice(1);

/**
 * The sentiment of a customer's text under its bubble, and the menu to correct it: the three labels, reached with the
 * arrow keys, Escape closing it and giving the focus back to the mark.
 */
export function SentimentMark({ message }: { message: ChatMessage }) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const correct = useCorrectSentiment();
  const toast = useToast();
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(wrapper, open, close);
  // Opening puts the focus on the label the message has, as a menu of choices does.
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
  }, [open]);

  const sentiment = message.sentiment;
  if (message.direction !== 'inbound' || !sentiment) return null;
  const { label, score, corrected } = sentiment;

  const closeAndFocus = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const choose = (chosen: SentimentLabel) => {
    closeAndFocus();
    if (chosen === label && corrected) return;
    correct.mutate(
      { messageId: message.id, label: chosen },
      { onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'Could not correct the sentiment') }) },
    );
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: -1 };
    if (event.key === 'Escape') {
      event.preventDefault();
      closeAndFocus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key in moves) {
      event.preventDefault();
      const next = ((moves[event.key] as number) + items.length) % items.length;
      items[next]?.focus();
    }
  };

  const name = `Sentiment: ${label}${corrected ? ', corrected' : ''}`;
  return (
    <div className="message-sentiment" ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className={`sentiment-mark sentiment-${label}`}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={`${name} (score ${score.toFixed(2)}). Correct it if it reads wrong.`}
        // Not disabled while a correction is saved: that would drop the focus it was just given back.
        aria-busy={correct.isPending}
        onClick={() => !correct.isPending && setOpen((o) => !o)}
      >
        <SentimentFace label={label} />
        <span aria-hidden="true">
          {label}
          {corrected && ' · corrected'}
        </span>
      </button>
      {open && (
        <div id={menuId} className="sentiment-menu" role="menu" aria-label="Correct the sentiment" onKeyDown={onMenuKey} ref={menu}>
          {sentimentLabels.map((option) => (
            <button
              key={option}
              type="button"
              role="menuitemradio"
              aria-checked={option === label}
              tabIndex={option === label ? 0 : -1}
              className={`sentiment-option sentiment-${option}`}
              onClick={() => choose(option)}
            >
              <SentimentFace label={option} />
              {capitalised(option)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
