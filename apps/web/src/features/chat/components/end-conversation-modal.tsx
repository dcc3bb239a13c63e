import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

interface EndConversationModalProps {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (closingMessage: string) => void;
}

export function EndConversationModal({ open, busy, onClose, onConfirm }: EndConversationModalProps) {
  const [message, setMessage] = useState('');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="End conversation"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={() => onConfirm(message.trim())}>
            End now
          </Button>
        </>
      }
    >
      <div className="stack">
        <p className="muted">Nobody will hold the conversation any more until an agent takes it over again.</p>
        <div className="field">
          <label htmlFor="closing-message">Closing message (optional)</label>
          <textarea
            id="closing-message"
            maxLength={4096}
            value={message}
            placeholder="Sent to the customer before the conversation ends"
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
      </div>
    </Modal>
  );
}
