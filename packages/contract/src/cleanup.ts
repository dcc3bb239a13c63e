import { z } from 'zod';
import { sourceTypes } from './activities.ts';
import { errorBodySchema } from './errors.ts';
import { messageDirections, messageStatuses } from './whatsapp-messages.ts';

/*
 * Spec 7 "Licence and cleanup", 9 (defaults): storage and database cleanups, their previews, runs and archives.
 */

export const CLEANUP_DEFAULT_DAYS = 30;
export const CLEANUP_DEFAULT_BATCH_SIZE = 1000;
export const CLEANUP_MAX_DAYS = 3650;
export const CLEANUP_MAX_BATCH_SIZE = 100_000;

/** What the maintenance runs are: one of each kind at a time across every server process. */
export const maintenanceKinds = ['storage_cleanup', 'database_cleanup'] as const;
export type MaintenanceKind = (typeof maintenanceKinds)[number];

/** running → stopping (asked to stop after the current batch) → stopped; completed; failed; interrupted (its server stopped). */
export const maintenanceRunStatuses = ['running', 'stopping', 'completed', 'stopped', 'failed', 'interrupted'] as const;
export type MaintenanceRunStatus = (typeof maintenanceRunStatuses)[number];

export const storageDirectories = ['media_storage', 'uploads'] as const;
export type StorageDirectory = (typeof storageDirectories)[number];

export const cleanupCollections = ['messages', 'activities', 'usageEvents'] as const;
export type CleanupCollection = (typeof cleanupCollections)[number];

const daysSchema = z.coerce
  .number({ error: 'days must be a number' })
  .int('days must be a whole number')
  .min(0, 'days must be 0 or more')
  .max(CLEANUP_MAX_DAYS, `days must be at most ${CLEANUP_MAX_DAYS}`)
  .default(CLEANUP_DEFAULT_DAYS);

const batchSizeSchema = z
  .number({ error: 'batchSize must be a number' })
  .int('batchSize must be a whole number')
  .min(1, 'batchSize must be at least 1')
  .max(CLEANUP_MAX_BATCH_SIZE, `batchSize must be at most ${CLEANUP_MAX_BATCH_SIZE}`)
  .default(CLEANUP_DEFAULT_BATCH_SIZE);

/** A list of names from `allowed`, at least one, each once. */
const namesSchema = <T extends string>(field: string, allowed: readonly [T, ...T[]]) =>
  z
    .array(z.enum(allowed, { error: () => `${field} may only name ${allowed.join(', ')}` }), { error: `${field} must be a list` })
    .min(1, `${field} must name at least one of ${allowed.join(', ')}`)
    .transform((names) => [...new Set(names)]);

/**
 * Which rows of each collection a database cleanup takes, besides being older than the cut-off; every field is
 * optional and narrows (all given must hold).
 * - messages: `direction` (inbound, outbound), `statuses` (a message's delivery status), `conversationEnded` (only
 *   conversations whose session has ended: resolved by an agent or closed), `campaignOnly` (only campaign sends).
 * - activities: `sourceTypes` (auth, system, whatsapp, user), `read` (true: read by at least one user; false: by nobody).
 * - usageEvents (API key calls): `statusClasses` (2xx, 3xx, 4xx, 5xx of the answer).
 */
export const cleanupCriteriaSchema = z
  .object({
    messages: z
      .object({
        direction: z.enum(messageDirections, { error: 'criteria.messages.direction must be inbound or outbound' }).optional(),
        statuses: z
          .array(z.enum(messageStatuses, { error: 'criteria.messages.statuses holds an unknown status' }))
          .min(1, 'criteria.messages.statuses must name at least one status')
          .optional(),
        conversationEnded: z.boolean({ error: 'criteria.messages.conversationEnded must be true or false' }).optional(),
        campaignOnly: z.boolean({ error: 'criteria.messages.campaignOnly must be true or false' }).optional(),
      })
      .strict()
      .optional(),
    activities: z
      .object({
        sourceTypes: z
          .array(z.enum(sourceTypes, { error: 'criteria.activities.sourceTypes holds an unknown source type' }))
          .min(1, 'criteria.activities.sourceTypes must name at least one source type')
          .optional(),
        read: z.boolean({ error: 'criteria.activities.read must be true or false' }).optional(),
      })
      .strict()
      .optional(),
    usageEvents: z
      .object({
        statusClasses: z
          .array(z.enum(['2xx', '3xx', '4xx', '5xx'], { error: 'criteria.usageEvents.statusClasses may only name 2xx, 3xx, 4xx, 5xx' }))
          .min(1, 'criteria.usageEvents.statusClasses must name at least one class')
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CleanupCriteria = z.infer<typeof cleanupCriteriaSchema>;

export const storageCleanupRequestSchema = z
  .object({
    days: daysSchema,
    dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
    directories: namesSchema('directories', storageDirectories).default([...storageDirectories]),
  })
  .strict();
export type StorageCleanupRequest = z.infer<typeof storageCleanupRequestSchema>;

export const storageCleanupPreviewQuerySchema = z.object({
  days: daysSchema,
  directories: z
    .string()
    .optional()
    .transform((list) => (list ? list.split(',').map((name) => name.trim()) : [...storageDirectories]))
    .pipe(namesSchema('directories', storageDirectories)),
});

export const databaseCleanupRequestSchema = z
  .object({
    days: daysSchema,
    dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
    collections: namesSchema('collections', cleanupCollections).default([...cleanupCollections]),
    criteria: cleanupCriteriaSchema.default({}),
    archiveBeforeDelete: z.boolean({ error: 'archiveBeforeDelete must be true or false' }).default(false),
    batchSize: batchSizeSchema,
  })
  .strict();
export type DatabaseCleanupRequest = z.infer<typeof databaseCleanupRequestSchema>;

/** The preview's query: criteria as JSON text, the rest as in the request. */
export const databaseCleanupPreviewQuerySchema = z.object({
  days: daysSchema,
  collections: z
    .string()
    .optional()
    .transform((list) => (list ? list.split(',').map((name) => name.trim()) : [...cleanupCollections]))
    .pipe(namesSchema('collections', cleanupCollections)),
  criteria: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'criteria must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(cleanupCriteriaSchema),
});

/** What a cleanup takes (or took) of one directory or collection. */
export const cleanupTallySchema = z.object({
  name: z.string(),
  /** Files or rows. */
  count: z.number().int(),
  /** Bytes of the files (storage), or of the media files that go with the messages (database). */
  bytes: z.number().int(),
  oldest: z.string().nullable(),
  newest: z.string().nullable(),
});
export type CleanupTally = z.infer<typeof cleanupTallySchema>;

export const cleanupPreviewSchema = z.object({
  cutoff: z.string(),
  items: z.array(cleanupTallySchema),
});
export type CleanupPreview = z.infer<typeof cleanupPreviewSchema>;

export const maintenanceRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(maintenanceKinds),
  status: z.enum(maintenanceRunStatuses),
  dryRun: z.boolean(),
  options: z.record(z.string(), z.unknown()),
  /** Per directory or collection: what went so far (all of it once finished); a dry run's what would go. */
  items: z.array(cleanupTallySchema),
  /** Archive files written (database cleanup with archiveBeforeDelete). */
  archives: z.array(z.string()),
  error: z.string().nullable(),
  startedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MaintenanceRun = z.infer<typeof maintenanceRunSchema>;

export const cleanupStatusSchema = z.object({
  /** The run under way, else null. */
  running: maintenanceRunSchema.nullable(),
  /** Past runs, newest first. */
  history: z.array(maintenanceRunSchema),
});
export type CleanupStatus = z.infer<typeof cleanupStatusSchema>;

export const cleanupStopSchema = z.object({ stopping: z.boolean(), message: z.string() });

export const archiveSchema = z.object({ name: z.string(), bytes: z.number().int(), createdAt: z.string() });
export type Archive = z.infer<typeof archiveSchema>;

/** Archive files as written: `<collection>-<run id>-<yyyymmddThhmmss>.jsonl.gz`. */
export const ARCHIVE_NAME_PATTERN = /^(messages|activities|usageEvents)-\d+-\d{8}T\d{6}Z\.jsonl\.gz$/;

/** A run started, moved on or ended: sent to admins. */
export const maintenanceEventNames = { run: 'maintenance_run' } as const;

/** 409 to a start while a run of its kind is under way (on any server): the run, to show instead. */
export const cleanupConflictSchema = errorBodySchema.extend({ running: maintenanceRunSchema.nullable() });

/** One collection's or directory's rule of the daily retention policy. */
const retentionRuleSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    days: z
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(CLEANUP_MAX_DAYS, `days must be at most ${CLEANUP_MAX_DAYS}`),
  })
  .strict();

/**
 * The daily retention policy (off by default): once a day the job runner cleans each enabled collection and
 * directory of what is older than its days, as a cleanup started by hand would (one run each, in the history).
 */
export const retentionPolicySchema = z
  .object({
    collections: z.object({ messages: retentionRuleSchema, activities: retentionRuleSchema, usageEvents: retentionRuleSchema }).strict(),
    directories: z.object({ media_storage: retentionRuleSchema, uploads: retentionRuleSchema }).strict(),
    /** Collections' rows are archived before they go. */
    archiveBeforeDelete: z.boolean({ error: 'archiveBeforeDelete must be true or false' }),
  })
  .strict();
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

export const defaultRetentionPolicy: RetentionPolicy = {
  collections: {
    messages: { enabled: false, days: 365 },
    activities: { enabled: false, days: 90 },
    usageEvents: { enabled: false, days: 90 },
  },
  directories: { media_storage: { enabled: false, days: 180 }, uploads: { enabled: false, days: 180 } },
  archiveBeforeDelete: true,
};
