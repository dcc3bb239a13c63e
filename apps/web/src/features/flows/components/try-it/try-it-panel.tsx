import type { FlowSessionState, SessionInput } from '@wac/contract/flows';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { TextField } from '../../../../ui/text-field';
import { useContinueSession, useEndSession, useStartSession } from '../../api/flow-sessions';
import { BotReplyView, type ReplyAnswer } from './bot-reply';
import './try-it.css';
import { entriesOf, lastInteractive, type TranscriptEntry } from './transcript';

/** The pretend customer's id: sessions of the Try it panel are told apart from real customers by it. */
export const TRY_IT_USER = 'try-it';

interface TryItPanelProps {
  /** Null while the flow has never been saved. */
  flowId: number | null;
  savedVersion: number | null;
  dirty: boolean;
}

/** Plays a customer talking to the saved flow through the sessions API, shown as WhatsApp would show it. */
export function TryItPanel({ flowId, savedVersion, dirty }: TryItPanelProps) {
  const [name, setName] = useState('Test customer');
  const [session, setSession] = useState<FlowSessionState | null>(null);
  const [entries, setEntries] = useState<TranscriptEntry[]>([]);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartSession();
  const answer = useContinueSession();
  const end = useEndSession();
  const thread = useRef<HTMLOListElement>(null);
  const busy = start.isPending || answer.isPending || end.isPending;
  const open = session !== null && session.status !== 'ended';

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a line is added
  useEffect(() => {
    const list = thread.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [entries.length]);

  if (flowId === null) return <p className="muted">Save the flow to try it as a customer would.</p>;

  async function restart() {
    setError(null);
    try {
      if (open && session) await end.mutateAsync({ sessionId: session.sessionId, reason: 'restarted' });
      const started = await start.mutateAsync({
        flowId: flowId as number,
        userId: TRY_IT_USER,
        metadata: { name: name.trim() || 'Test customer' },
      });
      setSession(started);
      setEntries(entriesOf(started));
    } catch (err) {
      setError(errorMessage(err, 'Failed to start the flow'));
    }
  }

  async function send(input: SessionInput, shown: string) {
    if (!session) return;
    setError(null);
    setEntries((all) => [...all, { kind: 'customer', text: shown }]);
    try {
      const next = await answer.mutateAsync({ sessionId: session.sessionId, input });
      setSession(next);
      setEntries((all) => [...all, ...entriesOf(next)]);
    } catch (err) {
      setError(errorMessage(err, 'Failed to send the answer'));
    }
  }

  const onTap = (reply: ReplyAnswer) => void send({ id: reply.id, text: reply.text }, reply.text);
  const onType = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!text) return;
    setTyped('');
    void send(text, text);
  };
  const tappable = open ? lastInteractive(entries) : -1;

  return (
    <div className="stack try-it">
      <p className="small muted">
        Runs the saved version{savedVersion ? ` (${savedVersion})` : ''} of this flow.
        {dirty && ' Save to try your latest changes.'}
      </p>
      <div className="row try-it-start">
        <TextField label="Customer name" value={name} onChange={(e) => setName(e.target.value)} className="try-it-name" />
        <Button variant={session ? 'secondary' : 'primary'} loading={start.isPending || end.isPending} onClick={() => void restart()}>
          {session ? 'Restart' : 'Start'}
        </Button>
      </div>
      <FormAlert message={error} inline />
      <section className="try-phone" aria-label="Conversation with the bot">
        <ol className="try-thread" ref={thread} aria-live="polite">
          {entries.length === 0 && <li className="try-empty">Start to see what the bot says first.</li>}
          {entries.map((entry, index) => (
            // Lines are only ever appended: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only transcript
            <li key={index} className={`try-line try-${entry.kind}${entry.kind === 'status' ? ` try-status-${entry.tone}` : ''}`}>
              {entry.kind === 'bot' ? (
                <BotReplyView reply={entry.reply} active={index === tappable && !busy} onAnswer={onTap} />
              ) : (
                <p className="try-text">{entry.text}</p>
              )}
            </li>
          ))}
        </ol>
        <form className="try-composer" onSubmit={onType}>
          <input
            className="input"
            aria-label="Answer as the customer"
            placeholder={open ? 'Type an answer' : 'Start the flow first'}
            value={typed}
            disabled={!open}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" disabled={!open || !typed.trim()} loading={answer.isPending}>
            Send
          </Button>
        </form>
      </section>
    </div>
  );
}
