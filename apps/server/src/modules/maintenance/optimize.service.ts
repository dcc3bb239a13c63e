import type { User } from '@wac/contract/auth';
import { bytesToMb } from '@wac/contract/license-quotas';
import {
  type CollectionName,
  type CollectionSizes,
  collectionNames,
  collectionTables,
  type DatabaseSizes,
  type OptimizeBody,
  type OptimizeOperation,
  type OptimizeResult,
  type OptimizeStep,
  optimizeOperations,
  type SizeFigures,
} from '@wac/contract/maintenance';
import type pg from 'pg';
import { conflict } from '../../http/app-error.ts';
import type { RequestMeta } from '../../http/auth-guard.ts';
import type { ActivityService } from '../activities/index.ts';
import { createOptimizeRepository, type Execute, optimizeStatement } from './optimize.repository.ts';

export interface OptimizeServiceDeps {
  pool: pg.Pool;
  activities: ActivityService;
}

const sum = (figures: readonly SizeFigures[]): SizeFigures => ({
  rows: figures.reduce((n, f) => n + f.rows, 0),
  tableBytes: figures.reduce((n, f) => n + f.tableBytes, 0),
  indexBytes: figures.reduce((n, f) => n + f.indexBytes, 0),
  totalBytes: figures.reduce((n, f) => n + f.totalBytes, 0),
});

const operationPhrases: Record<OptimizeOperation, string> = { reIndex: 'rebuilt the indexes', stats: 'refreshed the statistics' };

/** The activity's sentence: "rebuilt the indexes and refreshed the statistics of every collection: 48 tables in 2.1 s, …". */
function describe(result: OptimizeResult): string {
  const what = result.operations.map((op) => operationPhrases[op]).join(' and ');
  const of = result.collections.length === collectionNames.length ? 'every collection' : result.collections.join(', ');
  const tables = new Set(result.steps.map((step) => step.table)).size;
  const failed = result.failedSteps ? `; ${result.failedSteps} of ${result.steps.length} steps failed` : '';
  return (
    `${what} of ${of}: ${tables} tables in ${(result.durationMs / 1000).toFixed(1)} s, ` +
    `${bytesToMb(result.before.total.totalBytes)} MB before and ${bytesToMb(result.after.total.totalBytes)} MB after${failed}`
  );
}

/** Runs one operation on one table and times it; a refusal is recorded and the optimize goes on with the next step. */
async function step(execute: Execute, collection: CollectionName, table: string, operation: OptimizeOperation): Promise<OptimizeStep> {
  const statement = optimizeStatement(operation, table);
  const started = performance.now();
  let error: string | null = null;
  try {
    await execute(statement);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  return { collection, table, operation, statement, durationMs: Math.round(performance.now() - started), ok: error === null, error };
}

export function createOptimizeService({ pool, activities }: OptimizeServiceDeps) {
  const repository = createOptimizeRepository(pool);

  async function sizes(collections: readonly CollectionName[] = collectionNames): Promise<DatabaseSizes> {
    const measuredAt = new Date().toISOString();
    const tables = await repository.tableSizes(collections.flatMap((c) => collectionTables[c]));
    const byTable = new Map(tables.map((t) => [t.table, t]));
    const perCollection: CollectionSizes[] = collections.map((collection) => {
      const own = collectionTables[collection].flatMap((name) => byTable.get(name) ?? []);
      return { collection, ...sum(own), tables: own };
    });
    return { collections: perCollection, total: sum(perCollection), measuredAt };
  }

  return {
    sizes: () => sizes(),

    /**
     * Rebuilds indexes and refreshes statistics, table by table, while the chat goes on (CONCURRENTLY takes no lock
     * that blocks reads or writes). One at a time across every server process: a second call meanwhile is a 409.
     */
    async optimize(actor: User, body: OptimizeBody, meta: RequestMeta): Promise<OptimizeResult> {
      // In the map's and the operations' own order, whatever order (and repeats) the body gave.
      const collections = collectionNames.filter((c) => !body.collections || body.collections.includes(c));
      const operations = optimizeOperations.filter((op) => body.operations.includes(op));

      const locked = await repository.whileLocked(async (execute) => {
        const startedAt = new Date();
        const before = await sizes(collections);
        const steps: OptimizeStep[] = [];
        for (const collection of collections) {
          for (const table of collectionTables[collection]) {
            for (const operation of operations) steps.push(await step(execute, collection, table, operation));
          }
        }
        const after = await sizes(collections);
        const finishedAt = new Date();
        return {
          operations,
          collections,
          startedAt: startedAt.toISOString(),
          finishedAt: finishedAt.toISOString(),
          durationMs: finishedAt.getTime() - startedAt.getTime(),
          steps,
          failedSteps: steps.filter((s) => !s.ok).length,
          before,
          after,
        };
      });
      if (!locked) throw conflict('A database optimize is already running (on this or another server); try again once it has finished');

      const result = locked.value;
      await activities.record({
        type: 'database_optimized',
        sourceType: 'user',
        userId: actor.id,
        ip: meta.ip,
        data: {
          username: actor.username,
          action: 'optimize',
          status: result.failedSteps ? 'completed with errors' : 'completed',
          details: describe(result),
          operations: result.operations,
          collections: result.collections,
          durationMs: result.durationMs,
          failedSteps: result.failedSteps,
          totalBytesBefore: result.before.total.totalBytes,
          totalBytesAfter: result.after.total.totalBytes,
        },
      });
      return result;
    },
  };
}

export type OptimizeService = ReturnType<typeof createOptimizeService>;
