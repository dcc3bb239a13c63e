import type { Template } from '@wac/contract/templates';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useToast } from '../../../ui/toasts';
import { useDeleteTemplate } from '../api/delete-template';

/** Deleting also deletes the template at Meta, so it is confirmed first. */
export function DeleteTemplateModal({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const remove = useDeleteTemplate();
  const toast = useToast();
  return (
    <ConfirmDeleteModal
      item={template}
      title="Delete template"
      confirmLabel="Delete template"
      failure="Failed to delete template"
      onDelete={async (t) => {
        await remove.mutateAsync(t.id);
        toast.show({ type: 'success', title: `Template ${t.name} deleted` });
      }}
      onClose={onClose}
    >
      {(t) => (
        <p>
          Delete <strong>{t.name}</strong> ({t.language})? It is deleted at Meta too and can no longer be sent. This cannot be undone.
        </p>
      )}
    </ConfirmDeleteModal>
  );
}
