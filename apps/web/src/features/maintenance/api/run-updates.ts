import { useQueryClient } from '@tanstack/react-query';
import { type CleanupStatus, type MaintenanceRun, maintenanceEventNames } from '@wac/contract/cleanup';
import { useSocketEvent } from '../../../lib/socket';
import { maintenanceKeys } from './maintenance-query-keys';

export const isUnderWay = (run: Pick<MaintenanceRun, 'status'>) => run.status === 'running' || run.status === 'stopping';

/**
 * A status with the news of one run in it: under way, it is the running one; ended, it heads the history. News older
 * than what is shown (a run already ended) changes nothing.
 */
export function withRun(status: CleanupStatus, run: MaintenanceRun): CleanupStatus {
  const history = status.history.filter((past) => past.id !== run.id);
  if (isUnderWay(run)) {
    if (history.length < status.history.length) return status;
    // Progress events carry the status the run started with: a stop asked for meanwhile stays shown.
    const stopping = status.running?.id === run.id && status.running.status === 'stopping';
    return { running: stopping ? { ...run, status: 'stopping' } : run, history };
  }
  return { running: status.running?.id === run.id ? null : status.running, history: [run, ...history] };
}

/** maintenance:run moves each kind's status on as its runs move; an ended run's archives and figures are read again. */
export function useMaintenanceLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent(maintenanceEventNames.run, (run) => {
    const key = maintenanceKeys.status(run.kind);
    queryClient.setQueryData<CleanupStatus>(key, (status) => status && withRun(status, run));
    if (isUnderWay(run)) return;
    void queryClient.invalidateQueries({ queryKey: key });
    if (run.kind === 'database_cleanup') void queryClient.invalidateQueries({ queryKey: maintenanceKeys.archives });
  });
}
