import type { WebhookHealth } from '@wac/contract/whatsapp-channel';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { webhookSignatureFailures } from '../../db/schema.ts';
import { type WebhookRefusalReason, webhookRefusalReasons } from '../../whatsapp/webhook/webhook-payload.ts';

/** Counts a refused delivery on today's row (UTC days). */
export async function recordSignatureFailure(db: Db): Promise<void> {
  await db
    .insert(webhookSignatureFailures)
    .values({ day: sql`(now() AT TIME ZONE 'UTC')::date`, count: 1 })
    .onConflictDoUpdate({
      target: webhookSignatureFailures.day,
      set: { count: sql`${webhookSignatureFailures.count} + 1`, lastAt: sql`now()` },
    });
}

/** Counts the items of a batch that could not be taken as they came, by reason, on today's rows (UTC days). */
export async function recordRefusals(tx: DbOrTx, reasons: readonly WebhookRefusalReason[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  if (counts.size === 0) return;
  await tx.execute(sql`
    INSERT INTO webhook_refusals (day, reason, count)
    SELECT (now() AT TIME ZONE 'UTC')::date, r.reason, r.n
    FROM unnest(${sql.param([...counts.keys()])}::text[], ${sql.param([...counts.values()])}::int[]) AS r(reason, n)
    ON CONFLICT (day, reason) DO UPDATE SET count = webhook_refusals.count + excluded.count, last_at = now()`);
}

interface HealthRow extends Record<string, unknown> {
  last_event_at: Date | null;
  events_24h: string;
  failures_24h: string;
  last_failure_at: Date | null;
  waiting: string;
  oldest_waiting_at: Date | null;
  failed: string;
  refused_24h: string;
  last_refusal_reason: string | null;
  last_refusal_at: Date | null;
  now: Date;
}

/**
 * Every figure comes from an index: the last event and the 24-hour count walk the primary key (ids
 * grow with received_at, so a binary search over ids finds the first event of the window), waiting
 * and failed events come from the partial index of unprocessed events. Signature failures are kept
 * per UTC day, so "last 24 hours" counts today's and yesterday's rows.
 */
export async function webhookHealth(db: Db, maxAttempts: number): Promise<WebhookHealth> {
  const result = await db.execute<HealthRow>(sql`
    WITH RECURSIVE window_start(lo, hi) AS (
      SELECT min(id), max(id) + 1 FROM webhook_events
      UNION ALL
      SELECT CASE WHEN probe.received_at >= now() - interval '24 hours' THEN s.lo ELSE (s.lo + s.hi) / 2 + 1 END,
             CASE WHEN probe.received_at >= now() - interval '24 hours' THEN (s.lo + s.hi) / 2 ELSE s.hi END
      FROM window_start s
      CROSS JOIN LATERAL (
        SELECT received_at FROM webhook_events WHERE id >= (s.lo + s.hi) / 2 ORDER BY id LIMIT 1
      ) probe
      WHERE s.lo < s.hi
    ),
    unprocessed AS (
      SELECT id, received_at, attempts FROM webhook_events WHERE processed_at IS NULL
    )
    SELECT
      (SELECT received_at FROM webhook_events ORDER BY id DESC LIMIT 1) AS last_event_at,
      (SELECT count(*) FROM webhook_events WHERE id >= (SELECT lo FROM window_start WHERE lo = hi)) AS events_24h,
      (SELECT coalesce(sum(count), 0) FROM webhook_signature_failures
        WHERE day >= (now() AT TIME ZONE 'UTC')::date - 1) AS failures_24h,
      (SELECT last_at FROM webhook_signature_failures ORDER BY day DESC LIMIT 1) AS last_failure_at,
      (SELECT count(*) FROM unprocessed WHERE attempts < ${maxAttempts}) AS waiting,
      (SELECT received_at FROM unprocessed WHERE attempts < ${maxAttempts} ORDER BY id LIMIT 1) AS oldest_waiting_at,
      (SELECT count(*) FROM unprocessed WHERE attempts >= ${maxAttempts}) AS failed,
      (SELECT coalesce(sum(count), 0) FROM webhook_refusals WHERE day >= (now() AT TIME ZONE 'UTC')::date - 1) AS refused_24h,
      (SELECT reason FROM webhook_refusals ORDER BY last_at DESC LIMIT 1) AS last_refusal_reason,
      (SELECT last_at FROM webhook_refusals ORDER BY last_at DESC LIMIT 1) AS last_refusal_at,
      now() AS now
  `);
  const row = result.rows[0];
  if (!row) throw new Error('webhook health query returned nothing');
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    lastEventAt: iso(row.last_event_at),
    eventsLast24h: Number(row.events_24h),
    signatureFailuresLast24h: Number(row.failures_24h),
    lastSignatureFailureAt: iso(row.last_failure_at),
    waiting: Number(row.waiting),
    oldestWaitingSeconds: row.oldest_waiting_at
      ? Math.max(0, (new Date(row.now).getTime() - new Date(row.oldest_waiting_at).getTime()) / 1000)
      : null,
    failed: Number(row.failed),
    refusedLast24h: Number(row.refused_24h),
    lastRefusal:
      row.last_refusal_reason && row.last_refusal_at
        ? {
            reason: webhookRefusalReasons[row.last_refusal_reason as WebhookRefusalReason] ?? row.last_refusal_reason,
            at: new Date(row.last_refusal_at).toISOString(),
          }
        : null,
  };
}
