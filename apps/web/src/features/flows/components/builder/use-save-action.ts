import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../../lib/api-client';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { useToast } from '../../../../ui/toasts';
import { isConflict } from '../../api/flow-request';
import { useSaveFlow } from '../../api/save-flow';
import type { FlowEditor } from './use-flow-editor';

/**
 * Saves the flow as the next version (a new flow becomes version 1 and moves to its own address). A refusal keeps
 * the draft and says why: a 409 when the flow was saved elsewhere since it was loaded, the first problem on a 400.
 */
export function useSaveAction(editor: FlowEditor) {
  const toast = useToast();
  const navigate = useNavigate();
  const mutation = useSaveFlow();
  const [error, setError] = useState<string | null>(null);
  /** Lets the builder leave for the saved flow's page without the unsaved-changes question. */
  const leaving = useRef(false);
  const { doc, graph, fingerprint, saved, markSaved } = editor;

  const save = useCallback(async () => {
    setError(null);
    const wasNew = saved.id === null;
    try {
      const flow = await mutation.mutateAsync({
        ...(saved.id !== null ? { id: saved.id, baseVersion: saved.version ?? undefined } : {}),
        name: doc.name.trim(),
        description: doc.description.trim(),
        ...graph,
      });
      markSaved(flow, fingerprint);
      toast.show({ type: 'success', title: 'Flow saved', help: `Version ${flow.metadata.version}` });
      if (wasNew) {
        leaving.current = true;
        navigate(`/bot-flows/${flow.id}`, { replace: true });
      }
    } catch (err) {
      if (shownByLicenceDialogs(err)) return;
      const message = errorMessage(err, wasNew ? 'Failed to create flow' : 'Failed to save flow');
      setError(isConflict(err) ? `${message}. Your changes are kept in this browser as a draft.` : message);
    }
  }, [doc, graph, fingerprint, saved, markSaved, mutation, navigate, toast]);

  const allowLeaving = useCallback(() => leaving.current, []);

  return { save, saving: mutation.isPending, error, clearError: () => setError(null), allowLeaving };
}
