import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { likeContaining } from '../../db/sql-like.ts';

export interface ConversationReportFilter {
  /** Inclusive start and exclusive end of the range; either may be open. */
  from: SQL | null;
  to: SQL | null;
  search?: string;
}

export interface ConversationReportRow extends Record<string, unknown> {
  conversation_id: number;
  contact_id: number;
  name: string | null;
  phone: string;
  wa_id: string;
  session_state: string;
  messages: number;
  inbound: number;
  outbound: number;
  failed: number;
  first_at: Date;
  last_at: Date;
}

interface TotalsRow extends Record<string, unknown> {
  total_conversations: number;
  total_messages: string;
  total_inbound: string;
  total_outbound: string;
  total_failed: string;
}

function searchCondition(search: string | undefined): SQL | null {
  if (!search) return null;
  const byName = sql`ct.name ILIKE ${likeContaining(search)}`;
  const digits = search.replace(/\D/g, '');
  return digits ? sql`(${byName} OR ct.phone LIKE ${`%${digits}%`})` : byName;
}

const COUNTS = sql`
  count(*)::int AS messages,
  count(*) FILTER (WHERE m.direction = 'inbound')::int AS inbound,
  count(*) FILTER (WHERE m.direction = 'outbound')::int AS outbound,
  count(*) FILTER (WHERE m.status = 'failed')::int AS failed,
  min(m.timestamp) AS first_at,
  max(m.timestamp) AS last_at`;

const COLUMNS = sql`c.id AS conversation_id, ct.id AS contact_id, ct.name, ct.phone, ct.wa_id, c.session_state,
  a.messages, a.inbound, a.outbound, a.failed, a.first_at, a.last_at`;

const allOf = (conditions: (SQL | null)[]) => {
  const kept = conditions.filter((c): c is SQL => c !== null);
  return kept.length ? sql.join(kept, sql` AND `) : sql`true`;
};

/**
 * Per conversation, its messages in the range. When a start date or a search narrows the
 * conversations first (a conversation with a message since the start has its last message since
 * then, found through the last-message index), each one's messages are counted through the
 * (conversation_id, timestamp) index; with neither, one GROUP BY pass over the messages is cheaper.
 */
function perConversation(filter: ConversationReportFilter): SQL {
  const inRange = allOf([filter.from ? sql`m.timestamp >= ${filter.from}` : null, filter.to ? sql`m.timestamp < ${filter.to}` : null]);
  const search = searchCondition(filter.search);
  if (filter.from || search) {
    return sql`
      SELECT ${COLUMNS}
      FROM conversations c
      JOIN contacts ct ON ct.id = c.contact_id
      CROSS JOIN LATERAL (SELECT ${COUNTS} FROM messages m WHERE m.conversation_id = c.id AND ${inRange}) a
      WHERE a.messages > 0 AND ${allOf([filter.from ? sql`c.last_message_at >= ${filter.from}` : null, search])}`;
  }
  return sql`
    SELECT ${COLUMNS}
    FROM (SELECT m.conversation_id, ${COUNTS} FROM messages m WHERE ${inRange} GROUP BY m.conversation_id) a
    JOIN conversations c ON c.id = a.conversation_id
    JOIN contacts ct ON ct.id = c.contact_id`;
}

const ORDER = sql`ORDER BY last_at DESC, conversation_id DESC`;

/** A page of rows and the totals over every row the filter keeps, in one statement. */
export async function conversationReportPage(db: Db, filter: ConversationReportFilter, page: { limit: number; offset: number }) {
  const result = await db.execute<Partial<ConversationReportRow> & TotalsRow>(sql`
    WITH per_conversation AS (${perConversation(filter)}),
    totals AS (
      SELECT count(*)::int AS total_conversations,
             coalesce(sum(messages), 0) AS total_messages,
             coalesce(sum(inbound), 0) AS total_inbound,
             coalesce(sum(outbound), 0) AS total_outbound,
             coalesce(sum(failed), 0) AS total_failed
      FROM per_conversation
    )
    SELECT totals.*, page.*
    FROM totals
    LEFT JOIN LATERAL (SELECT * FROM per_conversation ${ORDER} LIMIT ${page.limit} OFFSET ${page.offset}) page ON true`);
  const first = result.rows[0];
  return {
    rows: result.rows.filter((r): r is ConversationReportRow & TotalsRow => r.conversation_id != null),
    totals: {
      conversations: first?.total_conversations ?? 0,
      messages: Number(first?.total_messages ?? 0),
      inbound: Number(first?.total_inbound ?? 0),
      outbound: Number(first?.total_outbound ?? 0),
      failed: Number(first?.total_failed ?? 0),
    },
  };
}

/** How long an export's snapshot may wait for its client to read the next page before PostgreSQL ends it. */
const EXPORT_IDLE_LIMIT = '5min';
const dialect = new PgDialect();

/**
 * Every row the filter keeps, in the report's order, `pageSize` at a time: one cursor over a read-only snapshot, so
 * the rows are aggregated and sorted once (a keyset on the aggregated sort key would aggregate every conversation again
 * for each page) and the caller holds one page at a time. The connection is held until the last page is read or the
 * caller stops (return() on the generator), and given back either way.
 */
export async function* conversationReportPages(
  pool: pg.Pool,
  filter: ConversationReportFilter,
  pageSize: number,
): AsyncGenerator<ConversationReportRow[]> {
  const client = await pool.connect();
  let failure: Error | undefined;
  let finished = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${EXPORT_IDLE_LIMIT}'`);
    const cursor = dialect.sqlToQuery(sql`DECLARE report_export NO SCROLL CURSOR FOR
      SELECT * FROM (${perConversation(filter)}) r ${ORDER}`);
    await client.query(cursor.sql, cursor.params);
    for (;;) {
      const { rows } = await client.query<ConversationReportRow>(`FETCH ${pageSize} FROM report_export`);
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) break;
    }
    await client.query('COMMIT');
    finished = true;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    if (!finished && !failure) await client.query('ROLLBACK').catch((error: Error) => (failure = error));
    // A connection that failed is closed rather than handed to the next query.
    client.release(failure);
  }
}
