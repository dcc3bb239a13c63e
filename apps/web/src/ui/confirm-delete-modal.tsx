import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { Modal } from './modal';
import { useToast } from './toasts';

interface ConfirmDeleteModalProps<T> {
  /** What is to be deleted; null while the modal is closed. */
  item: T | null;
  /** The modal's title and its confirm button, e.g. "Delete user". */
  title: string;
  /** The button that leaves things as they are; "Cancel" unless that would read as the action itself. */
  keepLabel?: string;
  /** Shown when the deletion fails without a message of its own. */
  failure?: string;
  /** Deletes the item; once it resolves the modal closes with a toast, and when it throws it shows the error. */
  onDelete: (item: T) => Promise<unknown>;
  /** The toast's title once deleted. */
  deleted: (item: T) => string;
  onClose: () => void;
  /** The question, about the item. */
  children: (item: T) => ReactNode;
}

/** Asks before deleting something that cannot be brought back. */
export function ConfirmDeleteModal<T>({
  item,
  title,
  keepLabel = 'Cancel',
  failure,
  onDelete,
  deleted,
  onClose,
  children,
}: ConfirmDeleteModalProps<T>) {
  const toast = useToast();
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
      toast.show({ type: 'success', title: deleted(item) });
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
            {keepLabel}
          </Button>
          <Button variant="danger" onClick={confirm} loading={deleting}>
            {title}
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
