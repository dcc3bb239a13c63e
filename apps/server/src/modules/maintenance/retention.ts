import {
  CLEANUP_DEFAULT_BATCH_SIZE,
  cleanupCollections,
  defaultRetentionPolicy,
  type RetentionPolicy,
  retentionPolicySchema,
  storageDirectories,
} from '@wac/contract/cleanup';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import type { DatabaseCleanup } from './database-cleanup.service.ts';
import type { MaintenanceRunner } from './maintenance-runner.ts';
import type { StorageCleanup } from './storage-cleanup.service.ts';

/** The settings key the policy is kept under. */
const RETENTION_KEY = 'maintenance.retention';
const DAY_MS = 86_400_000;

export async function readRetentionPolicy(db: Db): Promise<RetentionPolicy> {
  const { rows } = await db.execute<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${RETENTION_KEY}`);
  const parsed = retentionPolicySchema.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data : defaultRetentionPolicy;
}

export async function saveRetentionPolicy(db: Db, policy: RetentionPolicy, userId: number): Promise<RetentionPolicy> {
  await db.execute(sql`
    INSERT INTO settings (key, value, updated_by, updated_at) VALUES (${RETENTION_KEY}, ${JSON.stringify(policy)}::jsonb, ${userId}, now())
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  return policy;
}

/** "messages after 365 days, media_storage after 180 days", or that it is off. */
export function describePolicy(policy: RetentionPolicy): string {
  const rules = [...Object.entries(policy.collections), ...Object.entries(policy.directories)].filter(([, rule]) => rule.enabled);
  return rules.length ? rules.map(([name, rule]) => `${name} after ${rule.days} days`).join(', ') : 'off';
}

export interface RetentionDeps {
  db: Db;
  log: FastifyBaseLogger;
  runner: MaintenanceRunner;
  databaseCleanup: DatabaseCleanup;
  storageCleanup: StorageCleanup;
}

/** Starts a run and waits for it; a cleanup of its kind already running (an admin's) is left alone until tomorrow. */
async function runToEnd(deps: RetentionDeps, start: () => Promise<{ id: number }>, what: string): Promise<void> {
  try {
    const run = await start();
    await deps.runner.wait(run.id);
  } catch (err) {
    if (err instanceof AppError && err.status === 409) deps.log.info({ what }, 'retention skipped: a cleanup of its kind is running');
    else throw err;
  }
}

/** Applies the policy once: each enabled collection, then each enabled directory, one run each. */
export async function applyRetentionPolicy(deps: RetentionDeps): Promise<void> {
  const policy = await readRetentionPolicy(deps.db);
  for (const collection of cleanupCollections) {
    const rule = policy.collections[collection];
    if (!rule.enabled) continue;
    await runToEnd(
      deps,
      () =>
        deps.databaseCleanup.start(null, {
          days: rule.days,
          dryRun: false,
          collections: [collection],
          criteria: {},
          archiveBeforeDelete: policy.archiveBeforeDelete,
          batchSize: CLEANUP_DEFAULT_BATCH_SIZE,
        }),
      collection,
    );
  }
  for (const directory of storageDirectories) {
    const rule = policy.directories[directory];
    if (!rule.enabled) continue;
    await runToEnd(deps, () => deps.storageCleanup.start(null, { days: rule.days, dryRun: false, directories: [directory] }), directory);
  }
}

/** Once a day, on whichever server takes it. */
export function retentionJob(deps: RetentionDeps): ScheduledJobKind {
  return {
    name: 'maintenance.retention',
    title: 'Apply the retention policy (Settings → Maintenance)',
    payload: noPayload,
    everyMs: DAY_MS,
    handler: () => applyRetentionPolicy(deps),
  };
}
