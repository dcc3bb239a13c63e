import type {
  CleanupCollection,
  CleanupCriteria,
  CleanupPreview,
  CleanupStatus,
  CleanupTally,
  DatabaseCleanupRequest,
  MaintenanceRun,
} from '@wac/contract/cleanup';
import type { Db } from '../../db/database.ts';
import { freezeBucketsBefore, rollupSettings } from '../analytics/index.ts';
import { archiveWriter } from './cleanup-archives.ts';
import { cutoffOf, emptyTally, launchCleanup, mergeTally, runsStatus, stopRun } from './cleanup-runs.ts';
import { deleteBatch, tallyTaken } from './database-cleanup.repository.ts';
import type { MaintenanceRunner, RunContext } from './maintenance-runner.ts';

export interface DatabaseCleanupDeps {
  db: Db;
  dataDir: string;
  runner: MaintenanceRunner;
  /** Removes media files no row refers to any more (a deleted message's) and recounts the licence's storage. */
  freeMediaFiles: (keys: readonly string[]) => Promise<void>;
  appTimezone: () => Promise<string>;
}

/** Spec 7 "Licence and cleanup": the database cleanup's preview, runs, status and stop. */
export function createDatabaseCleanup(deps: DatabaseCleanupDeps) {
  const { db, runner } = deps;

  async function tallies(collections: CleanupCollection[], cutoff: Date, criteria: CleanupCriteria): Promise<CleanupTally[]> {
    const items: CleanupTally[] = [];
    for (const collection of collections) items.push(await tallyTaken(db, collection, cutoff, criteria));
    return items;
  }

  /** Deletes one collection's rows batch by batch until none is left or a stop is asked for. */
  async function cleanCollection(context: RunContext, collection: CleanupCollection, request: DatabaseCleanupRequest, cutoff: Date) {
    const tally = emptyTally(collection);
    context.progress.items.push(tally);
    const archive = request.archiveBeforeDelete ? archiveWriter(deps.dataDir, collection, context.id, new Date()) : null;
    const settings = await rollupSettings(db, await deps.appTimezone());
    // The analytics close the buckets before the cut-off first: their counters then stand whatever goes.
    if (collection === 'messages') await freezeBucketsBefore(db, cutoff);
    try {
      for (let afterId = 0; !context.stopRequested(); ) {
        const batch = await deleteBatch(db, {
          collection,
          cutoff,
          criteria: request.criteria,
          limit: request.batchSize,
          afterId,
          archive,
          settings,
        });
        await deps.freeMediaFiles(batch.freedKeys);
        mergeTally(tally, batch);
        if (archive?.written && !context.progress.archives.includes(archive.name)) context.progress.archives.push(archive.name);
        await context.report();
        if (batch.lastId === null) break;
        afterId = batch.lastId;
      }
    } finally {
      await archive?.close();
    }
  }

  return {
    async preview(days: number, collections: CleanupCollection[], criteria: CleanupCriteria): Promise<CleanupPreview> {
      const cutoff = cutoffOf(days);
      return { cutoff: cutoff.toISOString(), items: await tallies(collections, cutoff, criteria) };
    },

    /**
     * Starts a run for the user (null: the retention policy); a dry run counts what a run would delete now, and deletes
     * nothing. 409 while one runs anywhere.
     */
    start: (userId: number | null, request: DatabaseCleanupRequest): Promise<MaintenanceRun> =>
      launchCleanup(runner, {
        kind: 'database_cleanup',
        userId,
        request,
        items: request.collections,
        unit: 'rows',
        tallies: (cutoff) => tallies(request.collections, cutoff, request.criteria),
        clean: (context, collection, cutoff) => cleanCollection(context, collection, request, cutoff),
      }),

    status: (): Promise<CleanupStatus> => runsStatus(db, 'database_cleanup'),
    stop: () => stopRun(db, 'database_cleanup'),
  };
}

export type DatabaseCleanup = ReturnType<typeof createDatabaseCleanup>;
