import type { CleanupTally, MaintenanceKind, MaintenanceRun, MaintenanceRunStatus } from '@wac/contract/cleanup';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** What a run did so far, kept in maintenance_runs.progress. */
export interface RunProgress {
  items: CleanupTally[];
  archives: string[];
}

/** A run whose process has not beaten for this long stopped with its process: it shows as interrupted. */
export const HEARTBEAT_STALE_SECONDS = 30;

type RunRow = {
  id: number;
  kind: MaintenanceKind;
  status: MaintenanceRunStatus;
  dry_run: boolean;
  options: Record<string, unknown>;
  progress: RunProgress;
  error: string | null;
  started_by: number | null;
  started_by_name: string | null;
  started_at: Date;
  finished_at: Date | null;
};

const selectRun = sql`
  SELECT r.id, r.kind, r.status, r.dry_run, r.options, r.progress, r.error, r.started_by, u.username AS started_by_name,
    r.started_at, r.finished_at
  FROM maintenance_runs r LEFT JOIN users u ON u.id = r.started_by`;

export function toRun(row: RunRow): MaintenanceRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    dryRun: row.dry_run,
    options: row.options,
    items: row.progress.items,
    archives: row.progress.archives,
    error: row.error,
    startedBy: row.started_by !== null ? { id: row.started_by, name: row.started_by_name ?? '' } : null,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/** Runs of `kind` whose process stopped beating (killed, or the machine went down) become interrupted, as they left off. */
export async function markInterrupted(db: DbOrTx, kind: MaintenanceKind): Promise<void> {
  await db.execute(sql`
    UPDATE maintenance_runs SET status = 'interrupted', finished_at = heartbeat_at,
      error = 'The server running it stopped; what it did before is kept'
    WHERE kind = ${kind} AND status IN ('running', 'stopping')
      AND heartbeat_at < now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})`);
}

/** The run under way of `kind`, if any. */
export async function runningRun(db: DbOrTx, kind: MaintenanceKind): Promise<MaintenanceRun | null> {
  const { rows } = await db.execute<RunRow>(sql`${selectRun} WHERE r.kind = ${kind} AND r.status IN ('running', 'stopping')`);
  return rows[0] ? toRun(rows[0]) : null;
}

export interface NewRun {
  kind: MaintenanceKind;
  dryRun: boolean;
  options: Record<string, unknown>;
  progress: RunProgress;
  startedBy: number | null;
}

/** Starts a run; null when one of its kind is under way (the partial unique index holds across every process). */
export async function insertRun(db: DbOrTx, run: NewRun): Promise<MaintenanceRun | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO maintenance_runs (kind, dry_run, options, progress, started_by)
    VALUES (${run.kind}, ${run.dryRun}, ${JSON.stringify(run.options)}::jsonb, ${JSON.stringify(run.progress)}::jsonb, ${run.startedBy})
    ON CONFLICT (kind) WHERE status IN ('running', 'stopping') DO NOTHING
    RETURNING id`);
  const id = rows[0]?.id;
  return id === undefined ? null : runById(db, id);
}

export async function runById(db: DbOrTx, id: number): Promise<MaintenanceRun | null> {
  const { rows } = await db.execute<RunRow>(sql`${selectRun} WHERE r.id = ${id}`);
  return rows[0] ? toRun(rows[0]) : null;
}

/** Saves what the run did so far and beats its heartbeat; answers its status (an admin may have asked it to stop). */
export async function saveProgress(db: DbOrTx, id: number, progress: RunProgress): Promise<MaintenanceRunStatus | null> {
  const { rows } = await db.execute<{ status: MaintenanceRunStatus }>(sql`
    UPDATE maintenance_runs SET progress = ${JSON.stringify(progress)}::jsonb, heartbeat_at = now()
    WHERE id = ${id} RETURNING status`);
  return rows[0]?.status ?? null;
}

export async function finishRun(
  db: DbOrTx,
  id: number,
  status: MaintenanceRunStatus,
  progress: RunProgress,
  error: string | null,
): Promise<MaintenanceRun | null> {
  await db.execute(sql`
    UPDATE maintenance_runs SET status = ${status}, progress = ${JSON.stringify(progress)}::jsonb, error = ${error},
      heartbeat_at = now(), finished_at = now()
    WHERE id = ${id}`);
  return runById(db, id);
}

/** Asks the run under way of `kind` to stop after its current batch; null when none runs. */
export async function requestStop(db: DbOrTx, kind: MaintenanceKind): Promise<MaintenanceRun | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE maintenance_runs SET status = 'stopping' WHERE kind = ${kind} AND status IN ('running', 'stopping') RETURNING id`);
  return rows[0] ? runById(db, rows[0].id) : null;
}

/** Past runs of `kind`, newest first. */
export async function runHistory(db: DbOrTx, kind: MaintenanceKind, limit: number): Promise<MaintenanceRun[]> {
  const { rows } = await db.execute<RunRow>(sql`
    ${selectRun} WHERE r.kind = ${kind} AND r.status NOT IN ('running', 'stopping') ORDER BY r.started_at DESC, r.id DESC LIMIT ${limit}`);
  return rows.map(toRun);
}
