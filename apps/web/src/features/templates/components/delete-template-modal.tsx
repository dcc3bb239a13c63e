import type { Template } from '@wac/contract/templates';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useToast } from '../../../ui/toasts';
import { useDeleteTemplate } from '../api/delete-template';

/** Deleting also deletes the template at Meta, so it is confirmed first. */
export function DeleteTemplateModal({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const remove = useDeleteTemplate();
  const toast = useToast();
  // Keeps the name on screen while the modal fades out.
  const [shown, setShown] = useState(template);
  if (template && template !== shown) setShown(template);
  const { reset } = remove;
  useEffect(() => {
    if (template) reset();
  }, [template, reset]);

  async function confirm() {
    if (!template) return;
    try {
      await remove.mutateAsync(template.id);
      toast.show({ type: 'success', title: `Template ${template.name} deleted` });
      onClose();
    } catch {
      // The message shows in the dialog.
    }
  }

  return (
    <Modal
      open={template !== null}
      onClose={onClose}
      title="Delete template"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete template
          </Button>
        </>
      }
    >
      <div className="stack">
        {remove.isError && (
          <div className="form-alert" role="alert">
            {errorMessage(remove.error, 'Failed to delete template')}
          </div>
        )}
        <p>
          Delete <strong>{shown?.name}</strong> ({shown?.language})? It is deleted at Meta too and can no longer be sent. This cannot be
          undone.
        </p>
      </div>
    </Modal>
  );
}
