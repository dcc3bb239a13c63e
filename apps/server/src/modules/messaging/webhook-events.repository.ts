import { JOB_FAILURES_SHOWN } from '@wac/contract/jobs';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { webhookEvents } from '../../db/schema.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import { type ClaimQueue, claimQueue } from '../../jobs/job-runner.ts';

/** Rows per INSERT, and INSERTs running at once: most of the pool stays free for processing and the API. */
const MAX_BATCH_ROWS = 200;
const MAX_INSERTS_IN_FLIGHT = 2;

interface WaitingEvent {
  payload: unknown;
  resolve: (id: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for webhook deliveries: the events that arrive while INSERTs are running go into the database together
 * in one multi-row INSERT, so under load one statement and one commit serve many requests; an event that arrives
 * alone is inserted at once. Each caller hears back only once its own row is committed. A batch the database refuses
 * is retried row by row, so only the event at fault fails.
 */
function createWebhookEventWriter(db: Db) {
  let waiting: WaitingEvent[] = [];
  let inFlight = 0;

  async function insertRows(batch: WaitingEvent[]): Promise<void> {
    try {
      // RETURNING gives the rows in the order of the array; one array parameter however many rows.
      const events = unnestRows('v', [['payload', 'jsonb', batch.map(({ payload }) => JSON.stringify(payload))]]);
      const { rows } = await db.execute<{ id: string }>(
        sql`INSERT INTO webhook_events (${events.columns}) SELECT ${events.columns} FROM ${events.source} RETURNING id`,
      );
      for (const [i, event] of batch.entries()) {
        const row = rows[i];
        if (row) event.resolve(Number(row.id));
        else event.reject(new Error('webhook event insert returned nothing'));
      }
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else await Promise.all(batch.map((event) => insertRows([event])));
    }
  }

  function flush(): void {
    while (inFlight < MAX_INSERTS_IN_FLIGHT && waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH_ROWS);
      waiting = waiting.slice(MAX_BATCH_ROWS);
      inFlight++;
      void insertRows(batch).finally(() => {
        inFlight--;
        flush();
      });
    }
  }

  return (payload: unknown) =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ payload, resolve, reject });
      flush();
    });
}

const writers = new WeakMap<Db, (payload: unknown) => Promise<number>>();

/** Stores one delivery durably; resolves with its id once committed (concurrent calls share INSERTs). */
export function insertWebhookEvent(db: Db, payload: unknown): Promise<number> {
  let write = writers.get(db);
  if (!write) {
    write = createWebhookEventWriter(db);
    writers.set(db, write);
  }
  return write(payload);
}

/** Locks a batch of waiting events for this transaction; other servers skip them and take the next ones. */
export function claimWebhookEvents(tx: Tx, limit: number, maxAttempts: number) {
  return tx
    .select({ id: webhookEvents.id, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(and(isNull(webhookEvents.processedAt), lt(webhookEvents.attempts, maxAttempts)))
    .orderBy(asc(webhookEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markWebhookEventsProcessed(tx: Tx, ids: number[]): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ processedAt: sql`now()`, attempts: sql`${webhookEvents.attempts} + 1`, error: null })
    .where(inArray(webhookEvents.id, ids));
}

export async function markWebhookEventFailed(tx: Tx, id: number, error: string): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ attempts: sql`${webhookEvents.attempts} + 1`, error: error.slice(0, 2000) })
    .where(eq(webhookEvents.id, id));
}

/** The processor's queue for the jobs page: events waiting (those in hand included) and those given up on, newest first. */
export async function webhookEventQueue(db: Db, maxAttempts: number): Promise<ClaimQueue> {
  const given = and(isNull(webhookEvents.processedAt), gte(webhookEvents.attempts, maxAttempts));
  const [[counts], failures] = await Promise.all([
    db
      .select({
        queued: sql<number>`count(*) FILTER (WHERE ${webhookEvents.attempts} < ${maxAttempts})::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${webhookEvents.attempts} >= ${maxAttempts})::int`,
      })
      .from(webhookEvents)
      .where(isNull(webhookEvents.processedAt)),
    db
      .select({ id: webhookEvents.id, error: webhookEvents.error, at: webhookEvents.receivedAt, attempts: webhookEvents.attempts })
      .from(webhookEvents)
      .where(given)
      .orderBy(desc(webhookEvents.id))
      .limit(JOB_FAILURES_SHOWN),
  ]);
  return claimQueue(counts, failures);
}

/** Gives an event that ran out of attempts a fresh set; false when the event is not waiting for a retry. */
export async function retryWebhookEvent(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(webhookEvents)
    .set({ attempts: 0, error: null })
    .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt), gte(webhookEvents.attempts, maxAttempts)))
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}
