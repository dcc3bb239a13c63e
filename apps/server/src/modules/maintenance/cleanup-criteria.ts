import type { CleanupCollection, CleanupCriteria } from '@wac/contract/cleanup';
import { type SQL, sql } from 'drizzle-orm';

/*
 * Which rows a database cleanup takes, as one SQL condition per collection: the preview, the dry run and every batch's
 * re-check at delete time use the same one, so a dry run reports exactly what a run then deletes.
 */

const all = (parts: SQL[]) => sql.join(parts, sql` AND `);

/** Messages (`m`) older than the cut-off that the criteria keep. */
function messagesTaken(cutoff: Date, criteria: CleanupCriteria['messages'] = {}): SQL {
  const parts = [sql`m.timestamp < ${cutoff.toISOString()}::timestamptz`];
  if (criteria.direction) parts.push(sql`m.direction = ${criteria.direction}`);
  if (criteria.statuses) parts.push(sql`m.status = ANY(${sql.param(criteria.statuses)}::text[])`);
  if (criteria.conversationEnded) {
    parts.push(sql`EXISTS (SELECT 1 FROM conversations c WHERE c.id = m.conversation_id AND c.session_state = 'ended')`);
  }
  if (criteria.campaignOnly) parts.push(sql`EXISTS (SELECT 1 FROM campaign_recipients cr WHERE cr.message_id = m.id)`);
  return all(parts);
}

/** Activities (`a`) older than the cut-off that the criteria keep; read means read by at least one user. */
function activitiesTaken(cutoff: Date, criteria: CleanupCriteria['activities'] = {}): SQL {
  const parts = [sql`a.created_at < ${cutoff.toISOString()}::timestamptz`];
  if (criteria.sourceTypes) parts.push(sql`a.source_type = ANY(${sql.param(criteria.sourceTypes)}::text[])`);
  if (criteria.read !== undefined) {
    parts.push(sql`${criteria.read ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM activity_reads r WHERE r.activity_id = a.id)`);
  }
  return all(parts);
}

/** API key calls (`u`) older than the cut-off that the criteria keep, by the class of their answer's status. */
function usageEventsTaken(cutoff: Date, criteria: CleanupCriteria['usageEvents'] = {}): SQL {
  const parts = [sql`u.at < ${cutoff.toISOString()}::timestamptz`];
  if (criteria.statusClasses) {
    parts.push(sql`(u.status / 100)::text || 'xx' = ANY(${sql.param(criteria.statusClasses)}::text[])`);
  }
  return all(parts);
}

/** A collection's table, its alias in `taken`, its time column, and a row as an archive's JSON line. */
export interface CollectionTable {
  table: string;
  alias: string;
  time: string;
  taken: SQL;
  archiveLine: SQL;
}

/** A message with its media files' rows (the files themselves go). */
const messageLine = sql`(to_jsonb(m) || jsonb_build_object('media', coalesce(
  (SELECT jsonb_agg(to_jsonb(f) ORDER BY f.id) FROM media_files f WHERE f.message_id = m.id), '[]'::jsonb)))::text`;
/** An activity with who read it when. */
const activityLine = sql`(to_jsonb(a) || jsonb_build_object('readBy', coalesce(
  (SELECT jsonb_agg(jsonb_build_object('userId', r.user_id, 'readAt', r.read_at) ORDER BY r.user_id) FROM activity_reads r
   WHERE r.activity_id = a.id), '[]'::jsonb)))::text`;

export function collectionTable(collection: CleanupCollection, cutoff: Date, criteria: CleanupCriteria): CollectionTable {
  switch (collection) {
    case 'messages':
      return {
        table: 'messages',
        alias: 'm',
        time: 'timestamp',
        taken: messagesTaken(cutoff, criteria.messages),
        archiveLine: messageLine,
      };
    case 'activities':
      return {
        table: 'activities',
        alias: 'a',
        time: 'created_at',
        taken: activitiesTaken(cutoff, criteria.activities),
        archiveLine: activityLine,
      };
    case 'usageEvents':
      return {
        table: 'api_key_usage',
        alias: 'u',
        time: 'at',
        taken: usageEventsTaken(cutoff, criteria.usageEvents),
        archiveLine: sql`to_jsonb(u)::text`,
      };
  }
}
