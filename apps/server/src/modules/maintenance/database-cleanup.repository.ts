import type { CleanupCollection, CleanupCriteria, CleanupTally } from '@wac/contract/cleanup';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import { deleteKeepingCounts, type RollupSettings } from '../analytics/index.ts';
import { lockConversations, settleConversationsAfterDeletion } from '../messaging/index.ts';
import type { ArchiveWriter } from './cleanup-archives.ts';
import { type CollectionTable, collectionTable } from './cleanup-criteria.ts';
import { timeSpan } from './cleanup-runs.ts';

/** What a cleanup would take of a collection now: rows, the bytes of messages' media files, the oldest and newest. */
export async function tallyTaken(
  db: DbOrTx,
  collection: CleanupCollection,
  cutoff: Date,
  criteria: CleanupCriteria,
): Promise<CleanupTally> {
  const t = collectionTable(collection, cutoff, criteria);
  const { rows } = await db.execute<{ count: string; oldest: Date | null; newest: Date | null }>(sql`
    SELECT count(*) AS count, min(${sql.raw(`${t.alias}.${t.time}`)}) AS oldest, max(${sql.raw(`${t.alias}.${t.time}`)}) AS newest
    FROM ${sql.raw(t.table)} ${sql.raw(t.alias)} WHERE ${t.taken}`);
  let bytes = 0;
  if (collection === 'messages') {
    const media = await db.execute<{ bytes: string }>(sql`
      SELECT coalesce(sum(f.file_size), 0) AS bytes FROM media_files f JOIN messages m ON m.id = f.message_id
      WHERE f.storage_key IS NOT NULL AND ${t.taken}`);
    bytes = Number(media.rows[0]?.bytes ?? 0);
  }
  const row = rows[0];
  const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);
  return { name: collection, count: Number(row?.count ?? 0), bytes, oldest: iso(row?.oldest), newest: iso(row?.newest) };
}

export interface CleanupBatch {
  collection: CleanupCollection;
  cutoff: Date;
  criteria: CleanupCriteria;
  limit: number;
  /** The last id a batch looked at: each batch goes on from there, so rows the criteria leave are not read again. */
  afterId: number;
  archive: ArchiveWriter | null;
  settings: RollupSettings;
}

export interface BatchResult {
  /** Rows deleted. */
  count: number;
  /** Bytes of the media files freed (messages). */
  bytes: number;
  oldest: string | null;
  newest: string | null;
  /** The last id looked at; null when nothing was left to look at. */
  lastId: number | null;
  /** Media files no row refers to any more: removed from the disk once the batch committed. */
  freedKeys: string[];
}

type Picked = { id: number; at: Date | string; conversation_id: number | null };

/** The next rows the cleanup takes from `afterId` on, in id order. */
async function pick(tx: Tx, t: CollectionTable, batch: CleanupBatch): Promise<Picked[]> {
  const a = sql.raw(t.alias);
  const conversation = batch.collection === 'messages' ? sql`m.conversation_id` : sql`NULL::int`;
  const { rows } = await tx.execute<Picked>(sql`
    SELECT ${a}.id, ${sql.raw(`${t.alias}.${t.time}`)} AS at, ${conversation} AS conversation_id
    FROM ${sql.raw(t.table)} ${a} WHERE ${a}.id > ${batch.afterId} AND ${t.taken} ORDER BY ${a}.id LIMIT ${batch.limit}`);
  return rows;
}

/** Writes the rows still taken to the archive and waits until they are on disk; locks them until the batch ends. */
async function archiveRows(tx: Tx, t: CollectionTable, ids: SQL, archive: ArchiveWriter): Promise<void> {
  const a = sql.raw(t.alias);
  const { rows } = await tx.execute<{ line: string }>(sql`
    SELECT ${t.archiveLine} AS line FROM ${sql.raw(t.table)} ${a} WHERE ${a}.id = ANY(${ids}) AND ${t.taken} ORDER BY ${a}.id
    FOR UPDATE OF ${a}`);
  await archive.append(rows.map((row) => row.line));
}

/** Deletes the picked rows the criteria still take (re-checked now, under lock); messages answer their media files. */
async function deletePicked(tx: Tx, t: CollectionTable, ids: SQL) {
  const a = sql.raw(t.alias);
  const media = t.table === 'messages' ? sql`f.storage_key, f.file_size` : sql`NULL::text AS storage_key, NULL::bigint AS file_size`;
  const join = t.table === 'messages' ? sql`LEFT JOIN media_files f ON f.message_id = g.id AND f.storage_key IS NOT NULL` : sql``;
  // The media rows go by cascade; this statement still sees them.
  const { rows } = await tx.execute<{ id: number; at: Date | string; storage_key: string | null; file_size: string | null }>(sql`
    WITH gone AS (
      DELETE FROM ${sql.raw(t.table)} ${a} WHERE ${a}.id = ANY(${ids}) AND ${t.taken}
      RETURNING ${a}.id, ${sql.raw(`${t.alias}.${t.time}`)} AS at
    )
    SELECT g.id, g.at, ${media} FROM gone g ${join}`);
  return rows;
}

/**
 * One batch in one short transaction: picks up to `limit` rows, locks the conversations of messages (in id order, as
 * every writer does) so a customer writing meanwhile is counted, archives them if asked (on disk before any goes),
 * deletes those the criteria still take, keeps what the analytics counted of messages and settles their
 * conversations (latest message, unread count).
 */
export async function deleteBatch(db: Db, batch: CleanupBatch): Promise<BatchResult> {
  const t = collectionTable(batch.collection, batch.cutoff, batch.criteria);
  return db.transaction(async (tx) => {
    const picked = await pick(tx, t, batch);
    const lastId = picked.at(-1)?.id ?? null;
    if (picked.length === 0) return { count: 0, bytes: 0, oldest: null, newest: null, lastId, freedKeys: [] };
    const ids = sql`${sql.param(picked.map((row) => row.id))}::${sql.raw(t.table === 'messages' ? 'int' : 'bigint')}[]`;
    const since = new Map<number, Date>();
    for (const row of picked) {
      if (row.conversation_id === null) continue;
      const at = new Date(row.at);
      const earliest = since.get(row.conversation_id);
      if (!earliest || at < earliest) since.set(row.conversation_id, at);
    }
    const conversationIds = [...since.keys()].sort((x, y) => x - y);
    if (conversationIds.length > 0) await lockConversations(tx, conversationIds);
    const remove = async () => {
      if (batch.archive) await archiveRows(tx, t, ids, batch.archive);
      return deletePicked(tx, t, ids);
    };
    const losing = { ids: conversationIds, since: conversationIds.map((id) => since.get(id) as Date) };
    const gone = await deleteKeepingCounts(tx, batch.settings, losing, remove);
    // The reply times of replies gone (a conversation's report reads them); the counters keep them.
    if (batch.collection === 'messages') {
      await tx.execute(
        sql`DELETE FROM analytics_response_samples WHERE reply_message_id = ANY(${sql.param(gone.map((row) => row.id))}::int[])`,
      );
    }
    await settleConversationsAfterDeletion(tx, conversationIds);
    const keys = [...new Set(gone.flatMap((row) => (row.storage_key ? [row.storage_key] : [])))];
    const { rows: freed } = await tx.execute<{ key: string }>(sql`
      SELECT k AS key FROM unnest(${sql.param(keys)}::text[]) k WHERE NOT EXISTS (SELECT 1 FROM media_files f WHERE f.storage_key = k)`);
    return {
      count: new Set(gone.map((row) => row.id)).size,
      bytes: gone.reduce((sum, row) => sum + Number(row.file_size ?? 0), 0),
      ...timeSpan(gone.map((row) => row.at)),
      lastId,
      freedKeys: freed.map((row) => row.key),
    };
  });
}
