import type { User } from '@wac/contract/auth';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  return (
    <ConfirmDeleteModal
      item={user}
      title="Delete user"
      onDelete={(u) => deleteUser.mutateAsync(u.id)}
      deleted={(u) => `User ${u.username} deleted`}
      onClose={onClose}
    >
      {(u) => (
        <p>
          Delete <strong>{u.username}</strong>? They are signed out at once and can no longer sign in. This cannot be undone.
        </p>
      )}
    </ConfirmDeleteModal>
  );
}
