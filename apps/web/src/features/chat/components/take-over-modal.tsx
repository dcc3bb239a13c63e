import type { SessionHolder } from '@wac/contract/agent-sessions';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/form-alert';
import { Modal } from '../../../ui/modal';
import { refusingHolder } from '../api/session-actions';

interface TakeOverModalProps {
  /** The colleague the person was shown holding the conversation; null while closed. */
  holder: SessionHolder | null;
  onClose: () => void;
  /** Takes the conversation over from the colleague named; resolves once it is done. */
  onTakeOver: (holder: SessionHolder) => Promise<unknown>;
}

/**
 * Asks before taking a conversation from a colleague, naming them. When someone else took it meanwhile the
 * server refuses; the question then names the new holder, so a second click takes it from them knowingly.
 */
export function TakeOverModal({ holder, onClose, onTakeOver }: TakeOverModalProps) {
  const [asked, setAsked] = useState(holder);
  // Kept while the modal fades out, and replaced by whoever the server says holds it now.
  const [target, setTarget] = useState(holder);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (holder !== asked) {
    setAsked(holder);
    if (holder) {
      setTarget(holder);
      setError(null);
    }
  }

  async function confirm() {
    if (!target || busy) return;
    setBusy(true);
    try {
      await onTakeOver(target);
      onClose();
    } catch (err) {
      setTarget(refusingHolder(err) ?? target);
      setError(errorMessage(err, 'The conversation could not be taken over'));
    } finally {
      setBusy(false);
    }
  }

  const name = target?.username ?? '';
  return (
    <Modal
      open={holder !== null}
      onClose={onClose}
      title={`Take over from ${name}?`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={busy}>
            Take over
          </Button>
        </>
      }
    >
      <div className="stack">
        <FormAlert message={error} />
        <p>
          {name} is handling this conversation. If you take it over, {name} is told and can no longer write in it.
        </p>
      </div>
    </Modal>
  );
}
