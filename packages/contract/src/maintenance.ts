import { z } from 'zod';

/**
 * Database maintenance (Settings → Maintenance, admins): the collections admins name in its calls, then one section per
 * call. A collection is what a person calls the data; its tables are where that data and its companions live.
 */
export const collectionTables = {
  messages: ['messages', 'early_statuses'],
  conversations: ['conversations', 'conversation_session_changes'],
  contacts: ['contacts'],
  activities: ['activities', 'activity_reads'],
  usageEvents: ['api_key_usage'],
  webhookEvents: ['webhook_events'],
  mediaFiles: ['media_files'],
  campaigns: ['campaigns', 'campaign_pacing'],
  campaignRecipients: ['campaign_recipients'],
  flowSessions: ['flow_sessions', 'flow_node_visits', 'flow_inbox'],
  outboundDeliveries: ['outbound_deliveries'],
  analytics: [
    'analytics_counts',
    'analytics_kept_counts',
    'analytics_local_counts',
    'analytics_response_samples',
    'analytics_presence',
    'analytics_presence_gaps',
    'analytics_active_counts',
    'analytics_first_seen',
    'analytics_retention',
    'analytics_dirty_buckets',
    'analytics_state',
  ],
  /** Every other table of ours, small beside the rest: users, sessions, settings, the licence, templates, flows, keys. */
  other: [
    'users',
    'sessions',
    'auth_tokens',
    'sign_in_attempts',
    'settings',
    'license_state',
    'license_usage',
    'message_templates',
    'template_uploads',
    'flows',
    'flow_versions',
    'api_keys',
    'api_idempotency',
    'outbound_webhooks',
    'webhook_signature_failures',
    'webhook_refusals',
    'whatsapp_numbers',
    'message_prices',
    'socket_io_attachments',
    'maintenance_runs',
  ],
} as const satisfies Record<string, readonly string[]>;

export type CollectionName = keyof typeof collectionTables;
export const collectionNames = Object.keys(collectionTables) as CollectionName[];
const collectionSchema = z.enum(collectionNames, { error: `collections must be among ${collectionNames.join(', ')}` });

/** Size figures of a table, or summed over a collection's tables; read from PostgreSQL's catalogue, so cheap at any size. */
export const sizeFiguresSchema = z.object({
  /** An estimate: PostgreSQL's live-row count, as its statistics keep it (exact just after `stats`). */
  rows: z.number().int(),
  /** The table's own data (pg_relation_size). */
  tableBytes: z.number().int(),
  /** All its indexes (pg_indexes_size). */
  indexBytes: z.number().int(),
  /** Everything (pg_total_relation_size): table, indexes, and the TOAST data and maps counted in neither. */
  totalBytes: z.number().int(),
});
export type SizeFigures = z.infer<typeof sizeFiguresSchema>;

export const collectionSizesSchema = z.object({
  collection: collectionSchema,
  ...sizeFiguresSchema.shape,
  tables: z.array(z.object({ table: z.string(), ...sizeFiguresSchema.shape })),
});
export type CollectionSizes = z.infer<typeof collectionSizesSchema>;

/** GET /api/database/sizes: every collection now, so the console shows them before an optimize. */
export const databaseSizesSchema = z.object({
  collections: z.array(collectionSizesSchema),
  total: sizeFiguresSchema,
  measuredAt: z.iso.datetime(),
});
export type DatabaseSizes = z.infer<typeof databaseSizesSchema>;

/*
 * Optimize: POST /api/database/optimize. `reIndex` rebuilds a table's indexes without blocking writes
 * (REINDEX TABLE CONCURRENTLY), `stats` refreshes the planner's statistics (ANALYZE); one optimize at a time.
 */

export const optimizeOperations = ['reIndex', 'stats'] as const;
export type OptimizeOperation = (typeof optimizeOperations)[number];

const optimizeOptionsSchema = z.strictObject({
  operations: z
    .array(z.enum(optimizeOperations, { error: `operations must be among ${optimizeOperations.join(', ')}` }))
    .min(1, 'Give at least one operation')
    .default([...optimizeOperations]),
  /** Omitted: every collection. */
  collections: z.array(collectionSchema).min(1, 'Give at least one collection, or leave collections out for all').optional(),
});

/** A call with no body at all (Fastify reads it as null) does the defaults. */
export const optimizeBodySchema = optimizeOptionsSchema.nullish().transform((body) => body ?? optimizeOptionsSchema.parse({}));
export type OptimizeBody = z.infer<typeof optimizeBodySchema>;

/** One operation on one table: what ran, how long it took, and PostgreSQL's refusal when it failed (the others still run). */
export const optimizeStepSchema = z.object({
  collection: collectionSchema,
  table: z.string(),
  operation: z.enum(optimizeOperations),
  statement: z.string(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type OptimizeStep = z.infer<typeof optimizeStepSchema>;

export const optimizeResultSchema = z.object({
  operations: z.array(z.enum(optimizeOperations)),
  collections: z.array(collectionSchema),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  durationMs: z.number().int(),
  /** Table by table, each table's operations in the order reIndex, stats. */
  steps: z.array(optimizeStepSchema),
  failedSteps: z.number().int(),
  /** The chosen collections' sizes just before the first step and just after the last. */
  before: databaseSizesSchema,
  after: databaseSizesSchema,
});
export type OptimizeResult = z.infer<typeof optimizeResultSchema>;
