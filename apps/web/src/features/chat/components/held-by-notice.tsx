import type { SessionHolder } from '@wac/contract/agent-sessions';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { TakeOverModal } from './take-over-modal';

interface HeldByNoticeProps {
  /** The colleague the server named when it refused the send. */
  holder: SessionHolder;
  onTakeOver: (holder: SessionHolder) => Promise<unknown>;
}

/** In place of a bare error when a send was refused: who holds the conversation, and the takeover. */
export function HeldByNotice({ holder, onTakeOver }: HeldByNoticeProps) {
  const [confirming, setConfirming] = useState<SessionHolder | null>(null);
  return (
    <div className="held-by-notice" role="alert">
      <p>This conversation is handled by {holder.username}</p>
      <Button className="btn-small" onClick={() => setConfirming(holder)}>
        Take over
      </Button>
      <TakeOverModal holder={confirming} onClose={() => setConfirming(null)} onTakeOver={onTakeOver} />
    </div>
  );
}
