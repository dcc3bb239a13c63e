import type { User } from '@wac/contract/auth';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useToast } from '../../../ui/toasts';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  const toast = useToast();
  return (
    <ConfirmDeleteModal
      item={user}
      title="Delete user"
      confirmLabel="Delete user"
      onDelete={async (u) => {
        await deleteUser.mutateAsync(u.id);
        toast.show({ type: 'success', title: `User ${u.username} deleted` });
      }}
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
