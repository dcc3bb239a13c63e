import type { CampaignStatus } from '@wac/contract/campaign-states';
import { type CampaignCounts, campaignCountsOf, type RecipientState, type RecipientStateCounts } from '@wac/contract/campaigns';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { campaignRecipients, campaigns } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import { userJoin } from '../accounts/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

export interface CampaignWithCreator {
  campaign: CampaignRow;
  creatorName: string | null;
}

export interface NewRecipient {
  phone: string;
  waId: string;
  name: string | null;
  variables: Record<string, string>;
}

const creator = userJoin(campaigns.createdBy);
const withCreator = { campaign: campaigns, creatorName: creator.username };

export async function insertCampaign(tx: DbOrTx, row: NewCampaignRow): Promise<CampaignRow> {
  const [inserted] = await tx.insert(campaigns).values(row).returning();
  if (!inserted) throw new Error('campaign insert returned nothing');
  return inserted;
}

export async function campaignById(db: DbOrTx, id: number): Promise<CampaignWithCreator | undefined> {
  const [found] = await db.select(withCreator).from(campaigns).leftJoin(creator.table, creator.on).where(eq(campaigns.id, id));
  return found;
}

/** Held until the transaction ends: actions, edits and the dispatch never overwrite each other's status. */
export async function lockCampaign(tx: Tx, id: number): Promise<CampaignRow | undefined> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row;
}

/** Holds the campaign's row until the transaction ends, reading nothing of it (taken again when the caller holds it). */
export async function holdCampaign(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM campaigns WHERE id = ${id} FOR UPDATE`);
}

/** A campaign stamped with a progress event: its status, and the previous event's time and accepted count. */
export type ProgressStampRow = {
  status: CampaignStatus;
  status_reason: string | null;
  prev_at: Date | null;
  prev: number;
  at: Date;
};

/**
 * Stamps the campaign with a progress event's time and accepted count, unless `throttled` and the previous event went
 * out less than `gapSeconds` ago (then undefined).
 */
export async function stampProgress(
  db: DbOrTx,
  campaignId: number,
  accepted: number,
  throttled: boolean,
  gapSeconds: number,
): Promise<ProgressStampRow | undefined> {
  const result = await db.execute<ProgressStampRow>(sql`
    UPDATE campaigns c SET progress_at = clock_timestamp(), progress_accepted = ${accepted}
    FROM (SELECT id, progress_at AS prev_at, progress_accepted AS prev FROM campaigns WHERE id = ${campaignId} FOR UPDATE) p
    WHERE c.id = p.id
      AND (NOT ${throttled} OR p.prev_at IS NULL OR p.prev_at < clock_timestamp() - make_interval(secs => ${gapSeconds}))
    RETURNING c.status, c.status_reason, p.prev_at, p.prev, c.progress_at AS at`);
  return result.rows[0];
}

export async function updateCampaign(tx: DbOrTx, id: number, change: Partial<NewCampaignRow>): Promise<CampaignRow> {
  const [row] = await tx
    .update(campaigns)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  if (!row) throw new Error(`campaign ${id} vanished`);
  return row;
}

export async function deleteCampaign(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(campaigns).where(eq(campaigns.id, id));
}

/** What the campaigns quota counts: every campaign kept, whatever its status. */
export async function countCampaigns(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(campaigns);
  return row?.n ?? 0;
}

export interface CampaignFilter {
  status?: CampaignStatus;
  search?: string;
}

const filterOf = ({ status, search }: CampaignFilter): SQL | undefined =>
  and(status ? eq(campaigns.status, status) : undefined, search ? ilike(campaigns.name, likeContaining(search)) : undefined);

/** Newest first. */
export async function listCampaigns(db: DbOrTx, filter: CampaignFilter, limit: number, offset: number) {
  const where = filterOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(withCreator)
      .from(campaigns)
      .leftJoin(creator.table, creator.on)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Each campaign's figures (see campaignCountsSchema), from its recipients by state (the (campaign, state) index). */
export async function recipientCounts(db: DbOrTx, campaignIds: number[]): Promise<Map<number, CampaignCounts>> {
  const byState = new Map(campaignIds.map((id) => [id, {} as Partial<RecipientStateCounts>]));
  if (campaignIds.length > 0) {
    const rows = await db
      .select({ campaignId: campaignRecipients.campaignId, state: campaignRecipients.state, n: count() })
      .from(campaignRecipients)
      .where(sql`${campaignRecipients.campaignId} = ANY(${sql.param(campaignIds)}::int[])`)
      .groupBy(campaignRecipients.campaignId, campaignRecipients.state);
    for (const { campaignId, state, n } of rows) {
      const states = byState.get(campaignId);
      if (states) states[state] = n;
    }
  }
  return new Map([...byState].map(([id, states]) => [id, campaignCountsOf(states)]));
}

/** One campaign's figures. */
export async function countsOf(db: DbOrTx, campaignId: number): Promise<CampaignCounts> {
  return (await recipientCounts(db, [campaignId])).get(campaignId) ?? campaignCountsOf({});
}

/**
 * Adds recipients, one per phone: a phone already in the campaign keeps its row and takes the new name (when given)
 * and variables (merged). Answers how many were new.
 */
export async function upsertRecipients(
  tx: Tx,
  campaignId: number,
  recipients: readonly NewRecipient[],
): Promise<{ added: number; updated: number }> {
  if (recipients.length === 0) return { added: 0, updated: 0 };
  const values = unnestRows('v', [
    ['phone', 'text', recipients.map((r) => r.phone)],
    ['wa_id', 'text', recipients.map((r) => r.waId)],
    ['name', 'text', recipients.map((r) => r.name)],
    ['variables', 'jsonb', recipients.map((r) => JSON.stringify(r.variables))],
  ]);
  const result = await tx.execute<{ inserted: boolean }>(sql`
    INSERT INTO campaign_recipients (campaign_id, ${values.columns})
    SELECT ${campaignId}, ${values.columns} FROM ${values.source}
    ON CONFLICT (campaign_id, phone) DO UPDATE
      SET name = COALESCE(EXCLUDED.name, campaign_recipients.name),
          variables = campaign_recipients.variables || EXCLUDED.variables
    RETURNING (xmax = 0) AS inserted`);
  const added = result.rows.filter((row) => row.inserted).length;
  return { added, updated: result.rows.length - added };
}

export interface RecipientFilter {
  state?: RecipientState;
  search?: string;
}

export async function listRecipients(db: DbOrTx, campaignId: number, filter: RecipientFilter, limit: number, offset: number) {
  const pattern = filter.search ? likeContaining(filter.search) : null;
  const where = and(
    eq(campaignRecipients.campaignId, campaignId),
    filter.state ? eq(campaignRecipients.state, filter.state) : undefined,
    pattern ? or(ilike(campaignRecipients.phone, pattern), ilike(campaignRecipients.name, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(campaignRecipients).where(where).orderBy(asc(campaignRecipients.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(campaignRecipients).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function deleteRecipient(tx: DbOrTx, campaignId: number, recipientId: number): Promise<boolean> {
  const deleted = await tx
    .delete(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.id, recipientId)))
    .returning({ id: campaignRecipients.id });
  return deleted.length > 0;
}

export async function deleteAllRecipients(tx: DbOrTx, campaignId: number): Promise<number> {
  const deleted = await tx.execute(sql`DELETE FROM campaign_recipients WHERE campaign_id = ${campaignId}`);
  return deleted.rowCount ?? 0;
}

/** A duplicate's audience: the same phones, names and variables, none of the original's sending state. */
export async function copyRecipients(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO campaign_recipients (campaign_id, phone, wa_id, name, variables)
    SELECT ${toId}, phone, wa_id, name, variables FROM campaign_recipients WHERE campaign_id = ${fromId} ORDER BY id`);
}

/** The campaign each of these wamids was sent by, for those a campaign sent (the wamid index finds them). */
export async function campaignsOfSends(db: DbOrTx, wamids: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  if (wamids.length === 0) return new Map();
  const rows = await db
    .select({ wamid: campaignRecipients.wamid, id: campaigns.id, name: campaigns.name })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(sql`${campaignRecipients.wamid} = ANY(${sql.param(wamids)}::text[])`);
  return new Map(rows.map((row) => [row.wamid as string, { id: String(row.id), name: row.name }]));
}

/** The names of these campaigns, for those that exist: what analytics show beside a campaign's figures. */
export async function campaignNamesByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(inArray(campaigns.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The campaign's recipients waiting to be sent, in id order, after the id given. */
export function pendingRecipientsAfter(db: DbOrTx, campaignId: number, afterId: number, limit: number): Promise<RecipientRow[]> {
  return db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'pending'), gt(campaignRecipients.id, afterId)))
    .orderBy(asc(campaignRecipients.id))
    .limit(limit);
}

export async function skipRecipients(tx: DbOrTx, ids: number[], reason: string): Promise<void> {
  await tx.update(campaignRecipients).set({ state: 'skipped', errorTitle: reason }).where(inArray(campaignRecipients.id, ids));
}

export function campaignsByIds(db: DbOrTx, ids: number[]): Promise<CampaignRow[]> {
  return db.select().from(campaigns).where(inArray(campaigns.id, ids));
}

/** Scheduled campaigns whose time came, the earliest first. */
export function dueScheduledCampaigns(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduleTime, sql`now()`)))
    .orderBy(asc(campaigns.scheduleTime));
}

/** The scheduled and running campaigns that send this template (a recategorisation concerns them). */
export function liveCampaignsOfTemplate(db: DbOrTx, name: string, language: string): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(
      and(eq(campaigns.templateName, name), eq(campaigns.templateLanguage, language), inArray(campaigns.status, ['scheduled', 'running'])),
    );
}
