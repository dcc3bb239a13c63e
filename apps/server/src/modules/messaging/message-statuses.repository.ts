import { marketOf } from '@wac/contract/phone-country';
import { advanceStatus, type DeliveryStatus, type MessageError } from '@wac/contract/whatsapp-messages';
import { asc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { earlyStatuses, messages } from '../../db/schema.ts';
import { equalsAny, unnestRows } from '../../db/unnest-rows.ts';
import type { MessagePricing } from '../../whatsapp/webhook/webhook-payload.ts';
import type { MessageRow } from './messages.repository.ts';

// Two-key advisory locks live apart from the one-key migration lock.
const WAMID_LOCK_SPACE = 7702;
const EARLY_STATUS_TTL_DAYS = 7;

const STATUS_TIME = { sent: 'sentAt', delivered: 'deliveredAt', read: 'readAt', failed: 'failedAt' } as const;
const STATUS_COLUMNS = ['status', 'sentAt', 'deliveredAt', 'readAt', 'failedAt', 'errorCode', 'errorTitle', 'errorDetails'] as const;

export interface StatusInput {
  wamid: string;
  status: DeliveryStatus;
  timestamp: Date;
  error: MessageError | null;
}

export interface StatusResult {
  message: MessageRow;
  changed: boolean;
}

/**
 * Serialises everything that touches one wamid, so a status and its message never miss each other. Several wamids
 * are locked in the order of their lock keys, so two transactions taking overlapping sets never wait on each other
 * in a circle (wamids sharing a key take it once).
 */
export async function lockWamids(tx: Tx, wamids: string[]): Promise<void> {
  if (wamids.length === 0) return;
  await tx.execute(sql`
    SELECT count(pg_advisory_xact_lock(${WAMID_LOCK_SPACE}, k))
    FROM (SELECT DISTINCT hashtext(w) AS k FROM unnest(${sql.param(wamids)}::text[]) AS w ORDER BY 1) AS keys`);
}

/** The stored messages with these wamids, locked for a status change (their wamids first, as everyone does). */
async function lockMessagesByWamid(tx: Tx, wamids: string[]): Promise<MessageRow[]> {
  await lockWamids(tx, wamids);
  return tx
    .select()
    .from(messages)
    .where(equalsAny(messages.wamid, 'text', wamids))
    .orderBy(asc(messages.id))
    .for('update');
}

/**
 * A message once a delivery status is applied: the status only moves forward (sent < delivered < read; failed ends
 * it), each status keeps the time Meta first reported it even when a later one overtook it, and a failure records
 * Meta's error.
 */
export function withStatus(current: MessageRow, input: StatusInput): MessageRow {
  const next = advanceStatus(current.status, input.status);
  const timeField = STATUS_TIME[input.status];
  const updated = { ...current, status: next };
  if (!current[timeField]) updated[timeField] = input.timestamp;
  if (next === 'failed' && current.status !== 'failed') {
    updated.errorCode = input.error?.code ?? null;
    updated.errorTitle = input.error?.title ?? null;
    updated.errorDetails = input.error?.details ?? null;
  }
  return updated;
}

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/** Writes the messages whose status columns changed, in one statement; gives each message as it now is, by id. */
async function saveStatuses(tx: Tx, before: MessageRow[], after: MessageRow[]): Promise<Map<number, MessageRow>> {
  const dirty = after.filter((row, i) => STATUS_COLUMNS.some((column) => !sameValue(row[column], before[i]?.[column])));
  const saved = new Map(before.map((row) => [row.id, row]));
  if (dirty.length > 0) {
    const column = <K extends keyof MessageRow>(key: K) => dirty.map((row) => row[key]);
    const rows = await tx
      .update(messages)
      .set({
        status: sql`v.status`,
        sentAt: sql`v.sent_at`,
        deliveredAt: sql`v.delivered_at`,
        readAt: sql`v.read_at`,
        failedAt: sql`v.failed_at`,
        errorCode: sql`v.error_code`,
        errorTitle: sql`v.error_title`,
        errorDetails: sql`v.error_details`,
        updatedAt: sql`now()`,
      })
      .from(
        unnestRows('v', [
          ['id', 'int', column('id')],
          ['status', 'text', column('status')],
          ['sent_at', 'timestamptz', column('sentAt')],
          ['delivered_at', 'timestamptz', column('deliveredAt')],
          ['read_at', 'timestamptz', column('readAt')],
          ['failed_at', 'timestamptz', column('failedAt')],
          ['error_code', 'int', column('errorCode')],
          ['error_title', 'text', column('errorTitle')],
          ['error_details', 'text', column('errorDetails')],
        ]).source,
      )
      .where(eq(messages.id, sql`v.id`))
      .returning(getTableColumns(messages));
    for (const row of rows) saved.set(row.id, row);
  }
  return saved;
}

/**
 * Applies delivery statuses in the order given, in a few statements however many there are. A status whose message
 * is not stored yet is kept for it (early statuses); each of the others gives its message as that status left it
 * (the last one per message: as saved), and whether it moved the status on.
 */
export async function applyStatuses(tx: Tx, inputs: StatusInput[]): Promise<StatusResult[]> {
  if (inputs.length === 0) return [];
  const wamids = [...new Set(inputs.map((input) => input.wamid))];
  const found = await lockMessagesByWamid(tx, wamids);
  const latest = new Map(found.map((message) => [message.wamid, message]));
  const early = inputs.filter((input) => !latest.has(input.wamid));
  if (early.length > 0) {
    await tx
      .insert(earlyStatuses)
      .values(early.map((input) => ({ wamid: input.wamid, status: input.status, timestamp: input.timestamp, errors: input.error })))
      .onConflictDoNothing();
  }
  const steps: StatusResult[] = [];
  for (const input of inputs) {
    const current = latest.get(input.wamid);
    if (!current) continue;
    const message = withStatus(current, input);
    latest.set(input.wamid, message);
    steps.push({ message, changed: message.status !== current.status });
  }
  const saved = await saveStatuses(
    tx,
    found,
    found.map((message) => latest.get(message.wamid) ?? message),
  );
  return steps.map((step) =>
    latest.get(step.message.wamid) === step.message ? { ...step, message: saved.get(step.message.id) ?? step.message } : step,
  );
}

/** Applies one delivery status; when its message is not stored yet the status is kept for it (null). */
export async function applyStatus(tx: Tx, input: StatusInput): Promise<StatusResult | null> {
  const [result] = await applyStatuses(tx, [input]);
  return result ?? null;
}

/** Statuses that raced ahead of their message, applied once it is stored (its wamid must be locked). */
export async function applyEarlyStatuses(tx: Tx, message: MessageRow): Promise<StatusResult> {
  if (!message.wamid) return { message, changed: false };
  const early = await tx.delete(earlyStatuses).where(eq(earlyStatuses.wamid, message.wamid)).returning();
  const after = early
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime())
    .reduce(
      (current, status) =>
        withStatus(current, {
          wamid: status.wamid,
          status: status.status,
          timestamp: status.timestamp,
          error: status.errors as MessageError | null,
        }),
      message,
    );
  const saved = (await saveStatuses(tx, [message], [after])).get(message.id) ?? after;
  return { message: saved, changed: saved.status !== message.status };
}

/**
 * Safety net for the periodic sweep: applies kept statuses whose message exists by now, and forgets
 * those for messages this install never stored (sent from another app on the same number).
 */
export async function sweepEarlyStatuses(tx: Tx): Promise<StatusResult[]> {
  await tx.delete(earlyStatuses).where(lt(earlyStatuses.receivedAt, sql`now() - make_interval(days => ${EARLY_STATUS_TTL_DAYS})`));
  const stranded = await tx
    .selectDistinct({ wamid: earlyStatuses.wamid })
    .from(earlyStatuses)
    .innerJoin(messages, eq(messages.wamid, earlyStatuses.wamid))
    .limit(100);
  if (stranded.length === 0) return [];
  const wamids = stranded.map((row) => row.wamid);
  const found = await lockMessagesByWamid(tx, wamids);
  const results: StatusResult[] = [];
  for (const message of found) results.push(await applyEarlyStatuses(tx, message));
  return results.filter((r) => r.changed);
}

/** Which of these wamids have statuses that came before their message was stored. */
export async function wamidsWithEarlyStatuses(tx: Tx, wamids: readonly string[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ wamid: earlyStatuses.wamid })
    .from(earlyStatuses)
    .where(equalsAny(earlyStatuses.wamid, 'text', wamids));
  return rows.map((row) => row.wamid);
}

/**
 * What Meta charges for messages, from their statuses' `pricing` (the latest said of each wins), with the market it is
 * charged in (the customer's country: marketOf); unknown wamids are left out.
 */
export async function recordPricing(tx: Tx, items: readonly { wamid: string; pricing: MessagePricing }[]): Promise<void> {
  const byWamid = new Map(items.map((item) => [item.wamid, item.pricing]));
  if (byWamid.size === 0) return;
  const customers = await tx.execute<{ wamid: string; phone: string | null; bsuid: string | null }>(sql`
    SELECT m.wamid, ct.phone, ct.bsuid FROM messages m
    JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id
    WHERE m.wamid = ANY(${sql.param([...byWamid.keys()])}::text[])`);
  const rows = customers.rows.map((row) => ({ ...row, pricing: byWamid.get(row.wamid) as MessagePricing }));
  if (rows.length === 0) return;
  const values = unnestRows('v', [
    ['wamid', 'text', rows.map((row) => row.wamid)],
    ['billable', 'boolean', rows.map((row) => row.pricing.billable)],
    ['category', 'text', rows.map((row) => row.pricing.category)],
    ['type', 'text', rows.map((row) => row.pricing.type)],
    ['model', 'text', rows.map((row) => row.pricing.model)],
    ['market', 'text', rows.map((row) => marketOf(row))],
  ]);
  await tx.execute(sql`
    UPDATE messages m SET billable = v.billable, pricing_category = v.category, pricing_type = v.type, pricing_model = v.model,
      pricing_market = v.market
    FROM ${values.source} WHERE m.wamid = v.wamid`);
}
