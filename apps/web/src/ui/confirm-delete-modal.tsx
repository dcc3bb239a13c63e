import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { Modal } from './modal';

interface ConfirmDeleteModalProps<T> {
  /** What is to be deleted; null while the modal is closed. */
  item: T | null;
  title: string;
  confirmLabel: string;
  /** Shown when the deletion fails without a message of its own. */
  failure?: string;
  /** Deletes the item; the modal closes once it resolves and shows the error when it throws. */
  onDelete: (item: T) => Promise<void>;
  onClose: () => void;
  /** The question, about the item. */
  children: (item: T) => ReactNode;
}

/** Asks before deleting something that cannot be brought back. */
export function ConfirmDeleteModal<T>({ item, title, confirmLabel, failure, onDelete, onClose, children }: ConfirmDeleteModalProps<T>) {
  // Keeps the question on screen while the modal fades out.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (item) setError(null);
  }, [item]);

  async function confirm() {
    if (!item || deleting) return;
    setDeleting(true);
    try {
      await onDelete(item);
      onClose();
    } catch (err) {
      setError(errorMessage(err, failure));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={deleting}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="stack">
        <FormAlert message={error} />
        {shown !== null && children(shown)}
      </div>
    </Modal>
  );
}
