import type { Template } from '@wac/contract/templates';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useDeleteTemplate } from '../api/delete-template';

/** Deleting also deletes the template at Meta, so it is confirmed first. */
export function DeleteTemplateModal({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const remove = useDeleteTemplate();
  return (
    <ConfirmDeleteModal
      item={template}
      title="Delete template"
      failure="Failed to delete template"
      onDelete={(t) => remove.mutateAsync(t.id)}
      deleted={(t) => `Template ${t.name} deleted`}
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
