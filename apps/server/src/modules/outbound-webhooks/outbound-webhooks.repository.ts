import { JOB_FAILURES_SHOWN } from '@wac/contract/jobs';
import type { DeliveryState, OutboundPayload } from '@wac/contract/outbound-webhooks';
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { outboundDeliveries, outboundWebhooks } from '../../db/schema.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import { type ClaimQueue, claimQueue } from '../../jobs/job-runner.ts';

export type WebhookRow = typeof outboundWebhooks.$inferSelect;
export type DeliveryRow = typeof outboundDeliveries.$inferSelect;
export type NewWebhook = Pick<
  typeof outboundWebhooks.$inferInsert,
  'url' | 'secretSealed' | 'events' | 'description' | 'active' | 'createdBy'
>;
export type WebhookChanges = Partial<Pick<WebhookRow, 'url' | 'secretSealed' | 'events' | 'description' | 'active'>>;

/** A delivery taken for an attempt, with where it goes and how it is signed. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  webhook: Pick<WebhookRow, 'url' | 'secretSealed' | 'active'>;
}

/** What the list shows beside each subscription. */
export interface WebhookStats {
  failedLastDay: number;
  last: { at: Date; state: DeliveryState; statusCode: number | null } | null;
}

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

export async function insertWebhook(tx: DbOrTx, values: NewWebhook): Promise<WebhookRow> {
  const [row] = await tx.insert(outboundWebhooks).values(values).returning();
  if (!row) throw new Error('outbound webhook insert returned nothing');
  return row;
}

/** Held against other admins' changes; events being queued for it (which only key-share the row) do not wait. */
export async function lockWebhook(tx: DbOrTx, id: number): Promise<WebhookRow | null> {
  const [row] = await tx.select().from(outboundWebhooks).where(eq(outboundWebhooks.id, id)).for('no key update');
  return row ?? null;
}

export async function findWebhook(db: DbOrTx, id: number): Promise<WebhookRow | null> {
  const [row] = await db.select().from(outboundWebhooks).where(eq(outboundWebhooks.id, id));
  return row ?? null;
}

export async function listWebhooks(db: DbOrTx): Promise<WebhookRow[]> {
  return db.select().from(outboundWebhooks).orderBy(asc(outboundWebhooks.id));
}

export async function updateWebhook(tx: DbOrTx, id: number, changes: WebhookChanges): Promise<WebhookRow> {
  const [row] = await tx
    .update(outboundWebhooks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(outboundWebhooks.id, id))
    .returning();
  if (!row) throw new Error(`outbound webhook ${id} vanished while locked`);
  return row;
}

/** Its deliveries go with it (ON DELETE CASCADE). */
export async function deleteWebhook(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(outboundWebhooks).where(eq(outboundWebhooks.id, id));
}

/** Failures of the last day and the latest attempted delivery, per subscription, walking each one's newest deliveries. */
export async function webhookStats(db: DbOrTx, ids: number[]): Promise<Map<number, WebhookStats>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    id: number;
    failed: number;
    at: string | null;
    state: DeliveryState | null;
    status_code: number | null;
  }>(sql`
    SELECT w.id,
      (SELECT count(*)::int FROM outbound_deliveries d
        WHERE d.webhook_id = w.id AND d.state = 'failed' AND d.last_attempt_at > now() - interval '1 day') AS failed,
      l.last_attempt_at AS at, l.state, l.status_code
    FROM outbound_webhooks w
    LEFT JOIN LATERAL (
      SELECT d.last_attempt_at, d.state, d.status_code FROM outbound_deliveries d
      WHERE d.webhook_id = w.id AND d.last_attempt_at IS NOT NULL ORDER BY d.id DESC LIMIT 1
    ) l ON true
    WHERE w.id = ANY(${sql.param(ids)}::int[])`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        failedLastDay: row.failed,
        last: row.at && row.state ? { at: new Date(row.at), state: row.state, statusCode: row.status_code } : null,
      },
    ]),
  );
}

/** The events at least one active subscription listens to: what the event handlers look at before writing anything. */
export async function subscribedEvents(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ event: string }>(sql`SELECT DISTINCT unnest(events) AS event FROM outbound_webhooks WHERE active`);
  return result.rows.map((row) => row.event);
}

/** One delivery per event and active subscription listening to it, in one statement, in the caller's transaction. */
export async function enqueueEvents(tx: DbOrTx, payloads: readonly OutboundPayload[]): Promise<number> {
  if (payloads.length === 0) return 0;
  const events = unnestRows('e', [
    ['n', 'int', payloads.map((_, i) => i)],
    ['event', 'text', payloads.map((payload) => payload.event)],
    ['payload', 'jsonb', payloads.map((payload) => JSON.stringify(payload))],
  ]);
  const result = await tx.execute(sql`
    INSERT INTO outbound_deliveries (webhook_id, event, payload)
    SELECT w.id, e.event, e.payload
    FROM ${events.source}
    JOIN outbound_webhooks w ON w.active AND e.event = ANY(w.events)
    ORDER BY e.n, w.id`);
  return result.rowCount ?? 0;
}

/** A delivery written already taken (its first attempt counted, leased): the test event, tried at once by the caller. */
export async function insertClaimedDelivery(
  db: DbOrTx,
  webhookId: number,
  payload: OutboundPayload,
  leaseMs: number,
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(outboundDeliveries)
    .values({ webhookId, event: payload.event, payload, attempts: 1, nextAttemptAt: leaseEnd(leaseMs) })
    .returning();
  if (!row) throw new Error('outbound delivery insert returned nothing');
  return row;
}

/**
 * Takes due deliveries for this server: each is leased (next_attempt_at pushed ahead) and its attempt counted in one
 * statement, so other servers skip it and a crashed server's lease simply runs out.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  leaseMs: number,
  fairness: { perWebhook: number; busy: ReadonlyMap<number, number> },
): Promise<ClaimedDelivery[]> {
  const busy = [...fairness.busy];
  const busyRows = unnestRows('b', [
    ['webhook_id', 'int', busy.map(([webhookId]) => webhookId)],
    ['busy', 'int', busy.map(([, n]) => n)],
  ]);
  // Due deliveries taken in turns across subscriptions (counting those already on their way), oldest first within
  // each, and at most `perWebhook` on their way per subscription: a receiver that never answers cannot hold every slot.
  const due = sql`
    WITH candidates AS (
      SELECT d.id, d.webhook_id, d.next_attempt_at FROM outbound_webhooks w
      CROSS JOIN LATERAL (
        SELECT id, webhook_id, next_attempt_at FROM outbound_deliveries
        WHERE webhook_id = w.id AND state = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT ${limit}
      ) d
    ), ranked AS (
      SELECT c.id, c.next_attempt_at,
        row_number() OVER (PARTITION BY c.webhook_id ORDER BY c.next_attempt_at) + coalesce(b.busy, 0) AS place
      FROM candidates c LEFT JOIN ${busyRows.source} ON b.webhook_id = c.webhook_id
    )
    SELECT d.id FROM outbound_deliveries d JOIN ranked r ON r.id = d.id
    WHERE r.place <= ${fairness.perWebhook} AND d.state = 'pending' AND d.next_attempt_at <= now()
    ORDER BY r.place, r.next_attempt_at LIMIT ${limit}
    FOR UPDATE OF d SKIP LOCKED`;
  const rows = await db
    .update(outboundDeliveries)
    .set({ attempts: sql`${outboundDeliveries.attempts} + 1`, nextAttemptAt: leaseEnd(leaseMs) })
    .from(outboundWebhooks)
    .where(and(sql`${outboundDeliveries.id} IN (${due})`, eq(outboundWebhooks.id, outboundDeliveries.webhookId)))
    .returning({
      delivery: getTableColumns(outboundDeliveries),
      url: outboundWebhooks.url,
      secretSealed: outboundWebhooks.secretSealed,
      active: outboundWebhooks.active,
    });
  return rows.map(({ delivery, ...webhook }) => ({ delivery, webhook }));
}

export interface AttemptRecord {
  startedAt: Date;
  statusCode: number | null;
  response: string;
  durationMs: number;
  state: DeliveryState;
  /** When the next attempt is due, for a delivery still pending. */
  nextAttemptAt: Date | null;
}

/** Records an attempt; null when the delivery is no longer this attempt's (its lease ran out and another took it, or it is gone). */
export async function finishAttempt(
  db: DbOrTx,
  claimed: Pick<DeliveryRow, 'id' | 'attempts'>,
  record: AttemptRecord,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(outboundDeliveries)
    .set({
      state: record.state,
      statusCode: record.statusCode,
      response: record.response,
      durationMs: record.durationMs,
      lastAttemptAt: record.startedAt,
      ...(record.nextAttemptAt ? { nextAttemptAt: record.nextAttemptAt } : {}),
    })
    .where(
      and(
        eq(outboundDeliveries.id, claimed.id),
        eq(outboundDeliveries.state, 'pending'),
        eq(outboundDeliveries.attempts, claimed.attempts),
      ),
    )
    .returning();
  return row ?? null;
}

export interface DeliveryFilter {
  page: number;
  limit: number;
  state?: DeliveryState;
}

/** A subscription's deliveries, newest first. */
export async function listDeliveries(
  db: DbOrTx,
  webhookId: number,
  filter: DeliveryFilter,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const conditions: SQL[] = [eq(outboundDeliveries.webhookId, webhookId)];
  if (filter.state) conditions.push(eq(outboundDeliveries.state, filter.state));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboundDeliveries)
      .where(where)
      .orderBy(desc(outboundDeliveries.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(outboundDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Puts a delivery that was given up on back in the queue, due now; null when there is no such failed delivery. */
export async function requeueFailed(db: DbOrTx, deliveryId: number, webhookId?: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(outboundDeliveries)
    .set({ state: 'pending', nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(outboundDeliveries.id, deliveryId),
        eq(outboundDeliveries.state, 'failed'),
        webhookId === undefined ? undefined : eq(outboundDeliveries.webhookId, webhookId),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findDelivery(db: DbOrTx, webhookId: number, deliveryId: number): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(outboundDeliveries)
    .where(and(eq(outboundDeliveries.id, deliveryId), eq(outboundDeliveries.webhookId, webhookId)));
  return row ?? null;
}

/** The delivery loop's queue for the jobs page: deliveries waiting (those in hand included) and those given up on. */
export async function deliveryQueue(db: Db): Promise<ClaimQueue> {
  const [[counts], failures] = await Promise.all([
    db
      .select({
        queued: sql<number>`count(*) FILTER (WHERE ${outboundDeliveries.state} = 'pending')::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${outboundDeliveries.state} = 'failed')::int`,
      })
      .from(outboundDeliveries)
      .where(inArray(outboundDeliveries.state, ['pending', 'failed'])),
    db
      .select({
        id: outboundDeliveries.id,
        error: outboundDeliveries.response,
        at: sql<Date>`coalesce(${outboundDeliveries.lastAttemptAt}, ${outboundDeliveries.createdAt})`.mapWith(outboundDeliveries.createdAt),
        attempts: outboundDeliveries.attempts,
      })
      .from(outboundDeliveries)
      .where(eq(outboundDeliveries.state, 'failed'))
      .orderBy(desc(outboundDeliveries.id))
      .limit(JOB_FAILURES_SHOWN),
  ]);
  return claimQueue(counts, failures);
}

/** Deletes up to `limit` delivered or given-up deliveries created before `before`; answers how many went. */
export async function deleteFinishedBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM outbound_deliveries WHERE id IN (
      SELECT id FROM outbound_deliveries WHERE state <> 'pending' AND created_at < ${before.toISOString()}::timestamptz LIMIT ${limit}
    )`);
  return result.rowCount ?? 0;
}
