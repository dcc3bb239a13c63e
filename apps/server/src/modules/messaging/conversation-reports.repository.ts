import type { SessionState } from '@wac/contract/agent-sessions';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { conversations } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { userJoin } from '../accounts/index.ts';

export interface ConversationReportFilter {
  /** Inclusive start and exclusive end of the range; either may be open. */
  from: SQL | null;
  to: SQL | null;
  search?: string;
  /** Only conversations this agent holds now. */
  agentId?: number;
  sessionState?: SessionState;
  /** Only conversations with a negative message in the range. */
  negativeOnly?: boolean;
}

export interface ConversationReportRow extends Record<string, unknown> {
  conversation_id: number;
  contact_id: number;
  name: string | null;
  phone: string | null;
  wa_id: string;
  bsuid: string | null;
  username: string | null;
  session_state: string;
  /** The agent holding it, while its state is 'agent'. */
  holder_id: number | null;
  messages: number;
  inbound: number;
  outbound: number;
  failed: number;
  first_at: Date;
  last_at: Date;
  sentiment_average: number | null;
  negative: number;
}

interface TotalsRow extends Record<string, unknown> {
  total_conversations: number;
  total_messages: string;
  total_inbound: string;
  total_outbound: string;
  total_failed: string;
  total_negative: string;
}

function searchCondition(search: string | undefined): SQL | null {
  if (!search) return null;
  const byName = sql`(ct.name ILIKE ${likeContaining(search)} OR ct.username ILIKE ${likeContaining(search.replace(/^@/, ''))} OR ct.bsuid = ${search.trim()})`;
  const digits = search.replace(/\D/g, '');
  return digits ? sql`(${byName} OR ct.phone LIKE ${`%${digits}%`})` : byName;
}

const COUNTS = sql`
  count(*)::int AS messages,
  count(*) FILTER (WHERE m.direction = 'inbound')::int AS inbound,
  count(*) FILTER (WHERE m.direction = 'outbound')::int AS outbound,
  count(*) FILTER (WHERE m.status = 'failed')::int AS failed,
  min(m.timestamp) AS first_at,
  max(m.timestamp) AS last_at,
  avg(m.sentiment_score)::float8 AS sentiment_average,
  count(*) FILTER (WHERE m.sentiment_label = 'negative')::int AS negative`;

const COLUMNS = sql`c.id AS conversation_id, ct.id AS contact_id, ct.name, ct.phone, ct.wa_id, ct.bsuid, ct.username, c.session_state,
  CASE WHEN c.session_state = 'agent' THEN c.session_user_id END AS holder_id,
  a.messages, a.inbound, a.outbound, a.failed, a.first_at, a.last_at, a.sentiment_average, a.negative`;

const allOf = (conditions: (SQL | null)[]) => {
  const kept = conditions.filter((c): c is SQL => c !== null);
  return kept.length ? sql.join(kept, sql` AND `) : sql`true`;
};

/** `column` within the filter's range. */
const inRangeOf = (column: SQL, filter: ConversationReportFilter) =>
  allOf([filter.from ? sql`${column} >= ${filter.from}` : null, filter.to ? sql`${column} < ${filter.to}` : null]);

/**
 * Per conversation, its messages in the range. When a start date, a search or an agent narrows the
 * conversations first (a conversation with a message since the start has its last message since
 * then, found through the last-message index), each one's messages are counted through the
 * (conversation_id, timestamp) index; with none, one GROUP BY pass over the messages is cheaper.
 */
function perConversation(filter: ConversationReportFilter): SQL {
  const inRange = inRangeOf(sql`m.timestamp`, filter);
  const search = searchCondition(filter.search);
  const agent = filter.agentId ? sql`c.session_state = 'agent' AND c.session_user_id = ${filter.agentId}` : null;
  const conversationConditions = [
    search,
    agent,
    filter.sessionState ? sql`c.session_state = ${filter.sessionState}` : null,
    filter.negativeOnly ? sql`a.negative > 0` : null,
  ];
  if (filter.from || search || agent) {
    return sql`
      SELECT ${COLUMNS}
      FROM conversations c
      JOIN contacts ct ON ct.id = c.contact_id
      CROSS JOIN LATERAL (SELECT ${COUNTS} FROM messages m WHERE m.conversation_id = c.id AND ${inRange}) a
      WHERE a.messages > 0 AND ${allOf([filter.from ? sql`c.last_message_at >= ${filter.from}` : null, ...conversationConditions])}`;
  }
  return sql`
    SELECT ${COLUMNS}
    FROM (SELECT m.conversation_id, ${COUNTS} FROM messages m WHERE ${inRange} GROUP BY m.conversation_id) a
    JOIN conversations c ON c.id = a.conversation_id
    JOIN contacts ct ON ct.id = c.contact_id
    WHERE ${allOf(conversationConditions)}`;
}

/** What the report adds to each row of a page, read for that page's conversations only. */
export interface ConversationDetailsRow extends Record<string, unknown> {
  conversation_id: number;
  first_seconds: number | null;
  first_business_seconds: number | null;
  first_agent_id: number | null;
  first_replied_at: Date | null;
  started_at: Date | null;
  ended_at: Date | null;
  ended_by: number | null;
}

/**
 * For the given conversations (a page: at most a few hundred), each one's first 'first' response sample in the range
 * and its last end in the range, with that episode's start: the later of the customer's first message before the end
 * and the conversation's last reopening (ended → bot) before it. Every lookup goes through a (conversation_id, time)
 * index, so the cost follows the page, not the range.
 */
function detailsOf(conversationIds: readonly number[], filter: ConversationReportFilter): SQL {
  return sql`
    SELECT c.id AS conversation_id,
      fr.seconds AS first_seconds, fr.business_seconds AS first_business_seconds, fr.agent_id AS first_agent_id,
      fr.replied_at AS first_replied_at, en.changed_at AS ended_at, en.user_id AS ended_by,
      GREATEST(
        (SELECT min(m.timestamp) FROM messages m
          WHERE m.conversation_id = c.id AND m.direction = 'inbound' AND m.timestamp <= en.changed_at),
        (SELECT max(r.changed_at) FROM conversation_session_changes r
          WHERE r.conversation_id = c.id AND r.from_state = 'ended' AND r.to_state = 'bot' AND r.changed_at < en.changed_at)
      ) AS started_at
    FROM unnest(${`{${conversationIds.join(',')}}`}::int[]) AS c(id)
    LEFT JOIN LATERAL (
      SELECT s.seconds, s.business_seconds, s.agent_id, s.replied_at FROM analytics_response_samples s
      WHERE s.conversation_id = c.id AND s.kind = 'first' AND ${inRangeOf(sql`s.replied_at`, filter)}
      ORDER BY s.replied_at, s.reply_message_id LIMIT 1
    ) fr ON true
    LEFT JOIN LATERAL (
      SELECT ch.changed_at, ch.user_id FROM conversation_session_changes ch
      WHERE ch.conversation_id = c.id AND ch.to_state = 'ended' AND ${inRangeOf(sql`ch.changed_at`, filter)}
      ORDER BY ch.changed_at DESC, ch.id DESC LIMIT 1
    ) en ON true`;
}

/** The details of a page's conversations (see detailsOf). */
export async function conversationDetails(db: Db, conversationIds: readonly number[], filter: ConversationReportFilter) {
  if (conversationIds.length === 0) return [];
  return (await db.execute<ConversationDetailsRow>(detailsOf(conversationIds, filter))).rows;
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
             coalesce(sum(failed), 0) AS total_failed,
             coalesce(sum(negative), 0) AS total_negative
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
      negative: Number(first?.total_negative ?? 0),
    },
  };
}

/** How long an export's snapshot may wait for its client to read the next page before PostgreSQL ends it. */
const EXPORT_IDLE_LIMIT = '5min';
const dialect = new PgDialect();

/**
 * Every row the filter keeps, in the report's order, `pageSize` at a time with their details: one cursor over a
 * read-only snapshot, so the rows are aggregated and sorted once (a keyset on the aggregated sort key would aggregate
 * every conversation again for each page) and the caller holds one page at a time; each page's details are read in the
 * same snapshot. The connection is held until the last page is read or the caller stops (return() on the generator),
 * and given back either way.
 */
export async function* conversationReportPages(
  pool: pg.Pool,
  filter: ConversationReportFilter,
  pageSize: number,
): AsyncGenerator<{ rows: ConversationReportRow[]; details: ConversationDetailsRow[] }> {
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
      if (rows.length > 0) {
        const details = dialect.sqlToQuery(
          detailsOf(
            rows.map((row) => row.conversation_id),
            filter,
          ),
        );
        yield { rows, details: (await client.query<ConversationDetailsRow>(details.sql, details.params)).rows };
      }
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

const holder = userJoin(conversations.sessionUserId);

/** The agents holding at least one conversation now, by name: whom the report can be filtered by. */
export async function conversationHolders(db: Db): Promise<{ id: number; username: string }[]> {
  const rows = await db
    .selectDistinct({ id: holder.table.id, username: holder.username })
    .from(conversations)
    .innerJoin(holder.table, holder.on)
    .where(eq(conversations.sessionState, 'agent'))
    .orderBy(asc(holder.username), asc(holder.table.id));
  return rows;
}
