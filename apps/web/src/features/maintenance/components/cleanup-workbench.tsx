import { useQueryClient } from '@tanstack/react-query';
import type { CleanupPreview, MaintenanceKind, MaintenanceRun } from '@wac/contract/cleanup';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { FormAlert } from '../../../ui/form-alert';
import { QueryStatus } from '../../../ui/query-status';
import { useToast } from '../../../ui/toasts';
import {
  fetchCleanupPreview,
  useCleanupPreview,
  useCleanupStatus,
  useRunTotals,
  useStartCleanup,
  useStopCleanup,
} from '../api/cleanup-runs';
import { maintenanceKeys, rememberTotals } from '../api/maintenance-query-keys';
import { CleanupHistory } from './cleanup-history';
import { CleanupPreviewTable } from './cleanup-preview-table';
import { confirmQuestion } from './cleanup-progress';
import { CleanupRunView } from './cleanup-run-view';

/** A cleanup as the form asks for it: the request, the preview's query, and what the confirmation adds. */
export interface CleanupPlan {
  body: object;
  query: Record<string, string>;
  dryRun: boolean;
  /** Under the confirmation's question: what is kept, whether it can be undone. */
  note: string;
}

interface CleanupWorkbenchProps {
  kind: MaintenanceKind;
  /** The form's fields. */
  fields: ReactNode;
  /** The form as a plan, or null after showing its errors. */
  plan: () => CleanupPlan | null;
  /** The form asks for a dry run: the run button says so, and starts it without asking. */
  dryRun: boolean;
  /** More about a run shown (its archives). */
  runExtra?: (run: MaintenanceRun) => ReactNode;
}

const sameQuery = (a: Record<string, string> | null, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

/** A cleanup's form with Preview and Run, the confirmation naming what goes, the run's live progress and the history. */
export function CleanupWorkbench({ kind, fields, plan, dryRun, runExtra }: CleanupWorkbenchProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useCleanupStatus(kind);
  const start = useStartCleanup(kind);
  const stop = useStopCleanup(kind);
  const [previewQuery, setPreviewQuery] = useState<Record<string, string> | null>(null);
  const [formQuery, setFormQuery] = useState<Record<string, string> | null>(null);
  const preview = useCleanupPreview(kind, previewQuery);
  const [confirming, setConfirming] = useState<{ plan: CleanupPlan; preview: CleanupPreview } | null>(null);
  const [watched, setWatched] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const running = status.data?.running ?? null;
  const shown = running ?? status.data?.history.find((run) => run.id === watched) ?? null;
  const totals = useRunTotals(kind, shown?.id);

  /** The plan of the form as it is, remembered to tell when the preview shown no longer matches it. */
  function current(): CleanupPlan | null {
    setError(null);
    const next = plan();
    if (next) setFormQuery(next.query);
    return next;
  }

  function showPreview(event: FormEvent) {
    event.preventDefault();
    const next = current();
    if (!next) return;
    if (sameQuery(previewQuery, next.query)) void preview.refetch();
    else setPreviewQuery(next.query);
  }

  async function launch(next: CleanupPlan, counted: CleanupPreview | null) {
    const run = await start.mutateAsync(next.body);
    if (counted) rememberTotals(queryClient, kind, run.id, counted.items);
    setWatched(run.id);
  }

  async function run() {
    const next = current();
    if (!next) return;
    setChecking(true);
    try {
      if (next.dryRun) {
        await launch(next, null);
        return;
      }
      // The confirmation names what goes as of now, so the preview is read again.
      setPreviewQuery(next.query);
      const counted = await queryClient.fetchQuery({
        queryKey: maintenanceKeys.preview(kind, next.query),
        queryFn: ({ signal }) => fetchCleanupPreview(kind, next.query, signal),
        staleTime: 0,
      });
      setConfirming({ plan: next, preview: counted });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }

  async function askToStop() {
    try {
      const answer = await stop.mutateAsync();
      toast.show({ type: answer.stopping ? 'info' : 'warning', title: answer.message });
    } catch (err) {
      toast.show({ type: 'error', title: errorMessage(err) });
    }
  }

  const stalePreview = formQuery !== null && previewQuery !== null && !sameQuery(formQuery, previewQuery);
  return (
    <div className="stack">
      <form className="stack" onSubmit={showPreview} noValidate>
        {fields}
        <div className="row">
          <Button type="submit" variant="secondary" loading={preview.isFetching && !checking}>
            Preview
          </Button>
          <Button variant={dryRun ? 'primary' : 'danger'} onClick={run} loading={checking || start.isPending} disabled={running !== null}>
            {dryRun ? 'Start dry run' : 'Run cleanup'}
          </Button>
          {running && <span className="muted small">A cleanup of this kind is under way.</span>}
        </div>
        <FormAlert message={error} />
      </form>
      {previewQuery &&
        (preview.isPending || preview.isError ? (
          <QueryStatus query={preview} loadingLabel="Counting what would go" />
        ) : (
          <CleanupPreviewTable kind={kind} preview={preview.data} stale={stalePreview} />
        ))}
      {shown && (
        <CleanupRunView kind={kind} run={shown} totals={totals} onStop={askToStop} stopPending={stop.isPending}>
          {runExtra?.(shown)}
        </CleanupRunView>
      )}
      {status.isPending || status.isError ? (
        <QueryStatus query={status} loadingLabel="Loading past runs" />
      ) : (
        <CleanupHistory runs={status.data.history} />
      )}
      <ConfirmDeleteModal
        item={confirming}
        title={kind === 'storage_cleanup' ? 'Delete old files' : 'Delete old rows'}
        failure="Failed to start the cleanup"
        onDelete={({ plan: confirmed, preview: counted }) => launch(confirmed, counted)}
        deleted={() => 'Cleanup started'}
        onClose={() => setConfirming(null)}
      >
        {(asked) => (
          <>
            <p>
              <strong>{confirmQuestion(kind, asked.preview)}</strong>
            </p>
            <p className="muted">{asked.plan.note}</p>
          </>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
