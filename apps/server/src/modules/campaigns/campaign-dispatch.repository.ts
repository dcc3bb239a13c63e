import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { campaignRecipients, campaigns } from '../../db/schema.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import type { CampaignRow, RecipientRow } from './campaigns.repository.ts';
import { effectiveRate, RECOVERY_STEP_MS, recovered, SLOT_MS, sendLeewayMs, slowedDown, takeSlot } from './pacing.ts';

// Recipients move pending → sending (claimed, its send under way) → sent | failed, or back to pending to wait
// (not_before). A row left in 'sending' by a crash is in doubt: a status webhook carrying it settles it.

/** How far ahead a process may reserve a slot; beyond it, other processes hold the pace and this one waits. */
const SLOT_HORIZON_MS = 1_000;

/** Running campaigns, oldest started first, as the dispatcher serves them. */
export function runningCampaigns(db: DbOrTx): Promise<CampaignRow[]> {
  return db.select().from(campaigns).where(eq(campaigns.status, 'running')).orderBy(asc(campaigns.startedAt), asc(campaigns.id));
}

/** The campaign if it still runs, share-locked so that an action (pause, cancel) waits for the claim under way. */
export async function lockRunning(tx: Tx, id: number): Promise<CampaignRow | null> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.status, 'running')))
    .for('share');
  return row ?? null;
}

export interface Slot {
  /** How long until the slot starts, by the database's clock (every process paces by the same clock). */
  waitMs: number;
  size: number;
  /** How long after the slot starts its sends may still leave (sendLeewayMs). */
  leewayMs: number;
  /** Takes the slot once recipients were claimed for it. */
  take: () => Promise<void>;
  /** Gives a taken slot's messages back to its second (its claim came too late), for later slots to make up. */
  giveBack: (db: DbOrTx) => Promise<void>;
}

type PacingRow = {
  next: Date;
  slowdown: number;
  slowed: Date | null;
  second: Date | null;
  taken: number;
  now: Date;
};

async function lockPacing(tx: Tx, phoneNumberId: string): Promise<PacingRow | undefined> {
  const { rows } = await tx.execute<PacingRow>(sql`
    SELECT next_slot_at AS next, slowdown, slowed_at AS slowed, second_start_at AS second, second_taken AS taken,
      clock_timestamp() AS now
    FROM campaign_pacing WHERE phone_number_id = ${phoneNumberId} FOR UPDATE`);
  return rows[0];
}

/** The number's first campaign: its pacing row, made once. */
async function createPacing(tx: Tx, phoneNumberId: string): Promise<PacingRow | undefined> {
  await tx.execute(sql`INSERT INTO campaign_pacing (phone_number_id) VALUES (${phoneNumberId}) ON CONFLICT DO NOTHING`);
  return lockPacing(tx, phoneNumberId);
}

/**
 * The next free slot of the phone number at this rate, holding the number's pacing row until the transaction ends
 * (claims on one number take turns). Null when every slot within the horizon is taken.
 */
export async function reserveSlot(tx: Tx, phoneNumberId: string, rate: number, paced: boolean): Promise<Slot | null> {
  const row = (await lockPacing(tx, phoneNumberId)) ?? (await createPacing(tx, phoneNumberId));
  if (!row) throw new Error(`pacing of ${phoneNumberId} vanished`);
  const now = new Date(row.now).getTime();
  let slowdown = row.slowdown;
  if (slowdown < 1 && (!row.slowed || now - new Date(row.slowed).getTime() >= RECOVERY_STEP_MS)) {
    slowdown = recovered(slowdown);
    await tx.execute(sql`
      UPDATE campaign_pacing SET slowdown = ${slowdown}, slowed_at = clock_timestamp() WHERE phone_number_id = ${phoneNumberId}`);
  }
  const noop = async () => {};
  if (!paced) return { waitMs: 0, size: Math.max(1, rate), leewayMs: Number.POSITIVE_INFINITY, take: noop, giveBack: noop };
  const account = { secondStartMs: row.second ? new Date(row.second).getTime() : -1, taken: row.taken };
  const slot = takeSlot(Math.max(now, new Date(row.next).getTime()), effectiveRate(rate, slowdown), account);
  if (slot.startMs - now > SLOT_HORIZON_MS) return null;
  const second = new Date(slot.second.secondStartMs);
  return {
    waitMs: Math.max(0, slot.startMs - now),
    size: slot.size,
    leewayMs: sendLeewayMs(slot.startMs),
    take: async () => {
      await tx.execute(sql`
        UPDATE campaign_pacing
        SET next_slot_at = ${new Date(slot.startMs + SLOT_MS)}, second_start_at = ${second}, second_taken = ${slot.second.taken}
        WHERE phone_number_id = ${phoneNumberId}`);
    },
    giveBack: async (db) => {
      await db.execute(sql`
        UPDATE campaign_pacing SET second_taken = GREATEST(0, second_taken - ${slot.size})
        WHERE phone_number_id = ${phoneNumberId} AND second_start_at = ${second}`);
    },
  };
}

/** Meta said the number sends too fast (130429): every campaign on it slows down (the row locked, so no halving is lost). */
export async function slowDown(tx: Tx, phoneNumberId: string): Promise<void> {
  const [row] = (
    await tx.execute<{ slowdown: number }>(sql`SELECT slowdown FROM campaign_pacing WHERE phone_number_id = ${phoneNumberId} FOR UPDATE`)
  ).rows;
  await tx.execute(sql`
    UPDATE campaign_pacing SET slowdown = ${slowedDown(row?.slowdown ?? 1)}, slowed_at = clock_timestamp()
    WHERE phone_number_id = ${phoneNumberId}`);
}

/** Up to `limit` due recipients, claimed for sending; rows another process holds are skipped, never sent twice. */
export async function claimRecipients(tx: Tx, campaignId: number, limit: number): Promise<RecipientRow[]> {
  const due = tx
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.state, 'pending'),
        // A recipient with a wamid reached Meta already (its answer came after a retry was asked): never again.
        isNull(campaignRecipients.wamid),
        or(isNull(campaignRecipients.notBefore), lte(campaignRecipients.notBefore, sql`clock_timestamp()`)),
      ),
    )
    .orderBy(asc(campaignRecipients.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(campaignRecipients)
    .set({ state: 'sending', sendingAt: sql`clock_timestamp()`, attempts: sql`${campaignRecipients.attempts} + 1` })
    .where(inArray(campaignRecipients.id, due))
    .returning();
}

/** Whether a recipient of the campaign waits to be sent now (from the pending index). */
export async function hasDueRecipient(tx: Tx, campaignId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT 1 FROM campaign_recipients
    WHERE campaign_id = ${campaignId} AND state = 'pending' AND wamid IS NULL
      AND (not_before IS NULL OR not_before <= clock_timestamp())
    LIMIT 1`);
  return result.rows.length > 0;
}

/** Locks recipients in id order, the order every writer of several recipients follows. */
export function lockRecipients(tx: Tx, ids: number[]): Promise<RecipientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(campaignRecipients).where(inArray(campaignRecipients.id, ids)).orderBy(asc(campaignRecipients.id)).for('update');
}

export interface RecipientChange {
  id: number;
  state: RecipientRow['state'];
  wamid?: string | null;
  messageId?: number | null;
  errorCode?: number | null;
  errorTitle?: string | null;
  errorDetails?: string | null;
  notBefore?: Date | null;
  sentAt?: Date | null;
  deliveredAt?: Date | null;
  readAt?: Date | null;
  failedAt?: Date | null;
}

/**
 * Writes many recipients' changes in one statement. Unset fields keep their value; times already set are kept
 * (the first sent, delivered or read time wins), as are a wamid and chat message once known.
 */
export async function applyRecipientChanges(tx: Tx, changes: RecipientChange[]): Promise<void> {
  if (changes.length === 0) return;
  const column = <K extends keyof RecipientChange>(key: K) => changes.map((c) => (c[key] === undefined ? null : c[key]));
  const given = <K extends keyof RecipientChange>(key: K) => changes.map((c) => c[key] !== undefined);
  const values = unnestRows('v', [
    ['id', 'bigint', changes.map((c) => c.id)],
    ['state', 'text', column('state')],
    ['wamid', 'text', column('wamid')],
    ['message_id', 'int', column('messageId')],
    ['error_given', 'boolean', given('errorTitle')],
    ['error_code', 'int', column('errorCode')],
    ['error_title', 'text', column('errorTitle')],
    ['error_details', 'text', column('errorDetails')],
    ['not_before_given', 'boolean', given('notBefore')],
    ['not_before', 'timestamptz', column('notBefore')],
    ['sent_at', 'timestamptz', column('sentAt')],
    ['delivered_at', 'timestamptz', column('deliveredAt')],
    ['read_at', 'timestamptz', column('readAt')],
    ['failed_at', 'timestamptz', column('failedAt')],
  ]);
  await tx.execute(sql`
    UPDATE campaign_recipients r SET
      state = v.state,
      wamid = COALESCE(r.wamid, v.wamid),
      message_id = COALESCE(r.message_id, v.message_id),
      error_code = CASE WHEN v.error_given THEN v.error_code ELSE r.error_code END,
      error_title = CASE WHEN v.error_given THEN v.error_title ELSE r.error_title END,
      error_details = CASE WHEN v.error_given THEN v.error_details ELSE r.error_details END,
      not_before = CASE WHEN v.not_before_given THEN v.not_before ELSE r.not_before END,
      sent_at = COALESCE(r.sent_at, v.sent_at),
      delivered_at = COALESCE(r.delivered_at, v.delivered_at),
      read_at = COALESCE(r.read_at, v.read_at),
      failed_at = COALESCE(v.failed_at, r.failed_at)
    FROM ${values.source}
    WHERE r.id = v.id`);
}

/**
 * Sends whose answer was lost (a crash, a timeout) and that no status webhook settled within the grace period:
 * their outcome is unknown, for an admin to retry explicitly rather than risk a second message. Answers how many.
 */
export async function giveUpInDoubt(db: DbOrTx, campaignId: number, graceMs: number, explanation: string): Promise<number> {
  const result = await db.execute(sql`
    UPDATE campaign_recipients SET state = 'unknown', error_code = NULL, error_title = 'Outcome unknown',
      error_details = ${explanation}, failed_at = clock_timestamp()
    WHERE campaign_id = ${campaignId} AND state = 'sending'
      AND sending_at < clock_timestamp() - make_interval(secs => ${graceMs / 1000})`);
  return result.rowCount ?? 0;
}

/**
 * Completes a running campaign once no recipient is waiting or being sent, nor held back by Meta with a retry to come;
 * true when it did now.
 */
export async function completeIfDone(db: DbOrTx, campaignId: number): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE campaigns SET status = 'completed', completed_at = clock_timestamp(), updated_at = clock_timestamp()
    WHERE id = ${campaignId} AND status = 'running'
      AND NOT EXISTS (
        SELECT 1 FROM campaign_recipients WHERE campaign_id = ${campaignId} AND state IN ('pending', 'sending'))
      AND NOT EXISTS (
        SELECT 1 FROM campaign_recipients WHERE campaign_id = ${campaignId} AND state = 'held' AND not_before IS NOT NULL)`);
  return (result.rowCount ?? 0) > 0;
}

/** Completed campaigns with recipients Meta held back, to send again later: running again, waiting for that time. */
export async function reopenForRetries(tx: Tx, campaignIds: readonly number[]): Promise<void> {
  if (campaignIds.length === 0) return;
  await tx.execute(sql`
    UPDATE campaigns SET status = 'running', completed_at = NULL, updated_at = clock_timestamp()
    WHERE id = ANY(${sql.param([...campaignIds])}::int[]) AND status = 'completed'`);
}

/**
 * Recipients Meta held back whose retry time came go back to the queue; answers how many. The held message is over
 * (Meta delivered nothing), so its wamid, chat message and error go, as a retried failure's do (requeueFailed).
 */
export async function releaseDueHeldBack(tx: Tx, campaignId: number): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE campaign_recipients SET state = 'pending', not_before = NULL, wamid = NULL, message_id = NULL, error_code = NULL,
      error_title = NULL, error_details = NULL, failed_at = NULL, sending_at = NULL
    WHERE campaign_id = ${campaignId} AND state = 'held' AND not_before <= clock_timestamp()`);
  return result.rowCount ?? 0;
}

/**
 * Puts failed and unknown-outcome recipients back in the queue, their error cleared; answers how many. A failed
 * message is over, so its wamid goes; an unknown one that Meta turned out to have (a wamid) is not sent again.
 */
export async function requeueFailed(tx: Tx, campaignId: number): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE campaign_recipients SET state = 'pending', error_code = NULL, error_title = NULL, error_details = NULL,
      failed_at = NULL, not_before = NULL, sending_at = NULL, wamid = NULL, message_id = NULL
    WHERE campaign_id = ${campaignId} AND (state = 'failed' OR (state = 'unknown' AND wamid IS NULL))`);
  return result.rowCount ?? 0;
}

/** The recipients sent these wamids, by wamid. */
export async function recipientsByWamid(tx: Tx, wamids: string[]): Promise<Map<string, number>> {
  if (wamids.length === 0) return new Map();
  const found = await tx
    .select({ id: campaignRecipients.id, wamid: campaignRecipients.wamid })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.wamid, wamids));
  return new Map(found.map((row) => [row.wamid as string, row.id]));
}

/** Recipients waiting, and sends of unknown outcome, in running and paused campaigns. */
export async function dispatchCounts(db: DbOrTx): Promise<{ queued: number; failed: number } | undefined> {
  const [counts] = (
    await db.execute<{ queued: number; failed: number }>(sql`
          SELECT count(*) FILTER (WHERE r.state = 'pending')::int AS queued, count(*) FILTER (WHERE r.state = 'unknown')::int AS failed
          FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id WHERE c.status IN ('running', 'paused')`)
  ).rows;
  return counts;
}

/** The latest sends of unknown outcome, for an admin to decide on. */
export function latestUnknownSends(db: DbOrTx, limit: number) {
  return db
    .select({
      id: campaignRecipients.id,
      error: campaignRecipients.errorDetails,
      at: campaignRecipients.failedAt,
      attempts: campaignRecipients.attempts,
    })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.state, 'unknown'))
    .orderBy(desc(campaignRecipients.failedAt))
    .limit(limit);
}

/** A send of unknown outcome (no wamid) waits to go again; false when it is no longer one. */
export async function requeueUnknownSend(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.execute(sql`
        UPDATE campaign_recipients SET state = 'pending', error_title = NULL, error_details = NULL, failed_at = NULL, sending_at = NULL
        WHERE id = ${id} AND state = 'unknown' AND wamid IS NULL`);
  return (result.rowCount ?? 0) > 0;
}
