import type { BotReply } from '@wac/contract/flows';
import { useId, useState } from 'react';
import type { ReplyAnswer } from './bot-reply';

type ListMessage = Extract<BotReply, { type: 'list' }>;

/** A list message: its body, and its button, which opens the rows to choose from. */
export function ListReply({ reply, active, onAnswer }: { reply: ListMessage; active: boolean; onAnswer: (answer: ReplyAnswer) => void }) {
  const [open, setOpen] = useState(false);
  const rowsId = useId();
  return (
    <>
      <p className="try-text">{reply.body}</p>
      <div className="try-buttons">
        <button type="button" aria-expanded={open} aria-controls={rowsId} disabled={!active} onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true">☰ </span>
          {reply.button}
        </button>
      </div>
      {open && active && (
        <ul className="try-list-rows" id={rowsId} aria-label={reply.button}>
          {reply.rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onAnswer({ id: row.id, text: row.title });
                }}
              >
                <strong>{row.title}</strong>
                {row.description && <span className="small">{row.description}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
