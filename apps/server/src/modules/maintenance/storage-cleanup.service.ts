import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  CLEANUP_DEFAULT_BATCH_SIZE,
  type CleanupPreview,
  type CleanupStatus,
  type CleanupTally,
  type MaintenanceRun,
  type StorageCleanupRequest,
  type StorageDirectory,
} from '@wac/contract/cleanup';
import type { Db, DbOrTx } from '../../db/database.ts';
import { cutoffOf, emptyTally, launchCleanup, mergeTally, runsStatus, stopRun, timeSpan } from './cleanup-runs.ts';
import type { MaintenanceRunner, RunContext } from './maintenance-runner.ts';
import { forgetFiles, keysInUse, STRAY_GRACE_MS } from './storage-cleanup.repository.ts';
import { filesOlderThan, type StoredFileInfo } from './storage-files.ts';

export interface StorageCleanupDeps {
  db: Db;
  dataDir: string;
  runner: MaintenanceRunner;
  /** The licence's storage figure is cached: cleared once files went. */
  storageFreed: () => void;
}

const tallyOf = (name: string, files: StoredFileInfo[]): CleanupTally => ({
  name,
  count: files.length,
  bytes: files.reduce((sum, file) => sum + file.bytes, 0),
  ...timeSpan(files.map((file) => file.modifiedAt)),
});

/**
 * Spec 7 "Licence and cleanup": files under media_storage and uploads older than the cut-off go, unless a message,
 * campaign or template send newer than it still uses them; stray files nothing refers to (left by a crash) go too,
 * once an hour old. A file's age is its last change on disk.
 */
export function createStorageCleanup(deps: StorageCleanupDeps) {
  const { db, runner } = deps;

  /** Of a chunk of old files, those that go: not in use, and stray ones only once past the grace. */
  async function doomedOf(directory: StorageDirectory, files: StoredFileInfo[], cutoff: Date, on: DbOrTx = db): Promise<StoredFileInfo[]> {
    const { inUse, referenced } = await keysInUse(
      on,
      directory,
      files.map((file) => file.key),
      cutoff,
    );
    const strayBefore = Date.now() - STRAY_GRACE_MS;
    return files.filter((file) => !inUse.has(file.key) && (referenced.has(file.key) || file.modifiedAt.getTime() < strayBefore));
  }

  async function tallies(directories: StorageDirectory[], cutoff: Date): Promise<CleanupTally[]> {
    const items: CleanupTally[] = [];
    for (const directory of directories) {
      const tally = emptyTally(directory);
      for await (const files of filesOlderThan(path.join(deps.dataDir, directory), cutoff, CLEANUP_DEFAULT_BATCH_SIZE)) {
        mergeTally(tally, tallyOf(directory, await doomedOf(directory, files, cutoff)));
      }
      items.push(tally);
    }
    return items;
  }

  /** Deletes a directory's old files chunk by chunk; each chunk's rows are settled (and in use re-checked) in one transaction first. */
  async function cleanDirectory(context: RunContext, directory: StorageDirectory, cutoff: Date) {
    const tally = emptyTally(directory);
    context.progress.items.push(tally);
    for await (const files of filesOlderThan(path.join(deps.dataDir, directory), cutoff, CLEANUP_DEFAULT_BATCH_SIZE)) {
      if (context.stopRequested()) return;
      const doomed = await db.transaction(async (tx) => {
        const gone = await doomedOf(directory, files, cutoff, tx);
        await forgetFiles(
          tx,
          directory,
          gone.map((file) => file.key),
        );
        return gone;
      });
      for (const file of doomed) await rm(file.path, { force: true });
      if (doomed.length > 0) deps.storageFreed();
      mergeTally(tally, tallyOf(directory, doomed));
      await context.report();
    }
  }

  return {
    async preview(days: number, directories: StorageDirectory[]): Promise<CleanupPreview> {
      const cutoff = cutoffOf(days);
      return { cutoff: cutoff.toISOString(), items: await tallies(directories, cutoff) };
    },

    /**
     * Starts a run for the user (null: the retention policy); a dry run counts what a run would delete now, and deletes
     * nothing. 409 while one runs anywhere.
     */
    start: (userId: number | null, request: StorageCleanupRequest): Promise<MaintenanceRun> =>
      launchCleanup(runner, {
        kind: 'storage_cleanup',
        userId,
        request,
        items: request.directories,
        unit: 'files',
        tallies: (cutoff) => tallies(request.directories, cutoff),
        clean: cleanDirectory,
      }),

    status: (): Promise<CleanupStatus> => runsStatus(db, 'storage_cleanup'),
    stop: () => stopRun(db, 'storage_cleanup'),
  };
}

export type StorageCleanup = ReturnType<typeof createStorageCleanup>;
