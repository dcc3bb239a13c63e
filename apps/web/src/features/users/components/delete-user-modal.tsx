import type { User } from '@wac/contract/auth';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toasts';
import { useDeleteUser } from '../api/delete-user';

interface DeleteUserModalProps {
  user: User | null;
  onClose: () => void;
}

export function DeleteUserModal({ user, onClose }: DeleteUserModalProps) {
  const deleteUser = useDeleteUser();
  const toast = useToast();
  // Keeps the name on screen while the modal fades out.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (user) setError(null);
  }, [user]);

  async function confirm() {
    if (!user || deleteUser.isPending) return;
    try {
      await deleteUser.mutateAsync(user.id);
      toast.show({ type: 'success', title: `User ${user.username} deleted` });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="Delete user"
      size="sm"
      footer={
        <>
          <Button variant="secondary" type="button" onClick={onClose} disabled={deleteUser.isPending}>
            Cancel
          </Button>
          <Button variant="danger" type="button" onClick={confirm} loading={deleteUser.isPending}>
            Delete user
          </Button>
        </>
      }
    >
      <div className="stack">
        {error && (
          <div className="form-alert" role="alert">
            {error}
          </div>
        )}
        <p>
          Delete <strong>{shown?.username}</strong>? They are signed out at once and can no longer sign in. This cannot be undone.
        </p>
      </div>
    </Modal>
  );
}
