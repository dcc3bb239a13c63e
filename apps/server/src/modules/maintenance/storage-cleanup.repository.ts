import type { StorageDirectory } from '@wac/contract/cleanup';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** A file nothing refers to is left this long, whatever the cut-off: it may be a download or upload whose row is not committed yet. */
export const STRAY_GRACE_MS = 60 * 60_000;

/** Campaigns that may still send: a template upload they name is in use. */
const ACTIVE_CAMPAIGN = sql`c.status NOT IN ('completed', 'cancelled', 'failed')`;

/**
 * Of these keys (files older than the cut-off), those still in use: media_storage files of a message newer than the
 * cut-off (or a media row that is, or one still downloading); uploads created since, named by a campaign that may
 * still send or changed since, or by a template message sent since (a failed one is retried with it).
 * Also answers which keys any row refers to: those that are not are stray files.
 */
export async function keysInUse(
  db: DbOrTx,
  directory: StorageDirectory,
  keys: string[],
  cutoff: Date,
): Promise<{ inUse: Set<string>; referenced: Set<string> }> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const query =
    directory === 'media_storage'
      ? sql`
        SELECT k.key, bool_or(f.status = 'pending' OR f.created_at >= ${at} OR m.timestamp >= ${at}) AS in_use, bool_or(f.id IS NOT NULL) AS referenced
        FROM unnest(${sql.param(keys)}::text[]) k(key)
        LEFT JOIN media_files f ON f.storage_key = k.key
        LEFT JOIN messages m ON m.id = f.message_id
        GROUP BY k.key`
      : sql`
        SELECT k.key, bool_or(u.created_at >= ${at}
            OR EXISTS (SELECT 1 FROM campaigns c WHERE (${ACTIVE_CAMPAIGN} OR c.updated_at >= ${at}) AND strpos(c.components::text, u.id) > 0)
            OR EXISTS (SELECT 1 FROM messages m WHERE m.template_name IS NOT NULL AND m.timestamp >= ${at} AND strpos(m.content::text, u.id) > 0)
          ) AS in_use,
          bool_or(u.id IS NOT NULL) AS referenced
        FROM unnest(${sql.param(keys)}::text[]) k(key)
        LEFT JOIN template_uploads u ON u.storage_key = k.key
        GROUP BY k.key`;
  const { rows } = await db.execute<{ key: string; in_use: boolean | null; referenced: boolean }>(query);
  return {
    inUse: new Set(rows.filter((row) => row.in_use === true).map((row) => row.key)),
    referenced: new Set(rows.filter((row) => row.referenced).map((row) => row.key)),
  };
}

/**
 * The rows of files about to be deleted: media rows say the file was removed by a cleanup (the chat says so instead of
 * showing a broken image); template uploads go (a send naming one is refused as unknown).
 */
export async function forgetFiles(db: DbOrTx, directory: StorageDirectory, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  if (directory === 'media_storage') {
    await db.execute(sql`
      UPDATE media_files SET status = 'removed', removed_at = now(), storage_key = NULL, updated_at = now()
      WHERE storage_key = ANY(${sql.param(keys)}::text[])`);
  } else {
    await db.execute(sql`DELETE FROM template_uploads WHERE storage_key = ANY(${sql.param(keys)}::text[])`);
  }
}
