import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { flowInbox, flowSessions } from '../../db/schema.ts';
import { equalsAny, unnestRows } from '../../db/unnest-rows.ts';

export type FlowSessionRow = typeof flowSessions.$inferSelect;
export type NewFlowSession = typeof flowSessions.$inferInsert;

/** What an advance changes on a session. */
export type SessionChanges = Pick<
  NewFlowSession,
  | 'status'
  | 'currentNodeId'
  | 'variables'
  | 'retries'
  | 'timeoutAt'
  | 'lastActivityAt'
  | 'handedOff'
  | 'endedAt'
  | 'endedReason'
  | 'metadata'
>;

/**
 * Session-level advisory locks of this space (second key: the conversation) give one conversation's bot turns to one
 * server process at a time, from the claim until the replies are sent.
 */
const CONVERSATION_TURN_SPACE = 4_170_613;

export async function insertSession(tx: DbOrTx, values: NewFlowSession): Promise<FlowSessionRow> {
  const [row] = await tx.insert(flowSessions).values(values).returning();
  if (!row) throw new Error('flow session insert returned nothing');
  return row;
}

export async function sessionById(db: DbOrTx, id: string): Promise<FlowSessionRow | undefined> {
  const [row] = await db.select().from(flowSessions).where(eq(flowSessions.id, id));
  return row;
}

/** Holds the session until the transaction ends, then answers it as it is. */
export async function lockSession(tx: Tx, id: string): Promise<FlowSessionRow | undefined> {
  const [row] = await tx.select().from(flowSessions).where(eq(flowSessions.id, id)).for('update');
  return row;
}

export async function updateSession(tx: Tx, id: string, changes: SessionChanges): Promise<FlowSessionRow> {
  const [row] = await tx.update(flowSessions).set(changes).where(eq(flowSessions.id, id)).returning();
  if (!row) throw new Error(`flow session ${id} vanished`);
  return row;
}

/** Each node a session reached, once. */
export async function insertVisits(tx: Tx, sessionId: string, flowId: number, nodeIds: readonly string[]): Promise<void> {
  const unique = [...new Set(nodeIds)];
  if (unique.length === 0) return;
  const values = unnestRows('v', [['node_id', 'text', unique]]);
  await tx.execute(sql`
    INSERT INTO flow_node_visits (session_id, flow_id, node_id)
    SELECT ${sessionId}::uuid, ${flowId}::int, v.node_id FROM ${values.source}
    ON CONFLICT DO NOTHING`);
}

/** Ends the conversations' live sessions, if any (an agent took one over, customers opted out); answers how many ended. */
export async function endLiveSessionsOf(tx: Tx, conversationIds: readonly number[], reason: string): Promise<number> {
  if (conversationIds.length === 0) return 0;
  const now = new Date();
  const ended = await tx
    .update(flowSessions)
    .set({ status: 'ended', endedReason: reason, endedAt: now, timeoutAt: null, lastActivityAt: now })
    .where(and(equalsAny(flowSessions.conversationId, 'int', conversationIds), ne(flowSessions.status, 'ended')))
    .returning({ id: flowSessions.id });
  return ended.length;
}

/** Drops what these conversations' customers wrote and the bot has not answered yet. */
export async function dropInboxOf(tx: Tx, conversationIds: readonly number[]): Promise<void> {
  if (conversationIds.length === 0) return;
  await tx.delete(flowInbox).where(equalsAny(flowInbox.conversationId, 'int', conversationIds));
}

/** Customers' messages the bot has to answer; a message queued before stays queued once. */
export async function queueInbox(tx: Tx, rows: readonly { messageId: number; conversationId: number }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = unnestRows('v', [
    ['message_id', 'int', rows.map((row) => row.messageId)],
    ['conversation_id', 'int', rows.map((row) => row.conversationId)],
  ]);
  await tx.execute(sql`
    INSERT INTO flow_inbox (${values.columns}) SELECT ${values.columns} FROM ${values.source}
    ON CONFLICT DO NOTHING`);
}

/** Of these conversations, those the bot is already busy with: a session that has not ended, or messages still queued. */
export async function conversationsWithBotWork(db: DbOrTx, conversationIds: readonly number[]): Promise<Set<number>> {
  if (conversationIds.length === 0) return new Set();
  const ids = sql.param(conversationIds);
  const rows = await db.execute<{ conversationId: number }>(sql`
    SELECT conversation_id AS "conversationId" FROM flow_sessions
    WHERE conversation_id = ANY(${ids}::int[]) AND status <> 'ended'
    UNION
    SELECT conversation_id FROM flow_inbox WHERE conversation_id = ANY(${ids}::int[])`);
  return new Set(rows.rows.map((row) => row.conversationId));
}

/** Conversations with messages to answer, the one waiting longest first, leaving out `skip` (this process's busy ones). */
export async function inboxConversations(db: DbOrTx, skip: readonly number[], limit: number): Promise<number[]> {
  const rows = await db.execute<{ conversationId: number }>(sql`
    SELECT conversation_id AS "conversationId" FROM (
      SELECT DISTINCT ON (conversation_id) conversation_id, message_id FROM flow_inbox
      WHERE NOT (conversation_id = ANY(${sql.param(skip)}::int[]))
      ORDER BY conversation_id, message_id
    ) oldest
    ORDER BY message_id
    LIMIT ${limit}`);
  return rows.rows.map((row) => row.conversationId);
}

export async function inboxSize(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(flowInbox);
  return row?.n ?? 0;
}

/** Sessions waiting past their question's no-answer time, the longest overdue first. */
export async function overdueSessions(db: DbOrTx, now: Date, limit: number): Promise<Pick<FlowSessionRow, 'id' | 'conversationId'>[]> {
  return db
    .select({ id: flowSessions.id, conversationId: flowSessions.conversationId })
    .from(flowSessions)
    .where(and(eq(flowSessions.status, 'waiting'), isNotNull(flowSessions.timeoutAt), lte(flowSessions.timeoutAt, now)))
    .orderBy(asc(flowSessions.timeoutAt))
    .limit(limit);
}

/**
 * Ends sessions with no activity since `before`, saying nothing to the customer. A question with a no-answer time
 * of its own is left to it (its timeout edge, or `timeout`), however long it is.
 */
export async function endIdleSessions(db: DbOrTx, before: Date): Promise<number> {
  const now = new Date();
  const ended = await db
    .update(flowSessions)
    .set({ status: 'ended', endedReason: 'idle', endedAt: now, timeoutAt: null })
    .where(
      and(
        ne(flowSessions.status, 'ended'),
        lte(flowSessions.lastActivityAt, before),
        sql`NOT (${flowSessions.status} = 'waiting' AND ${flowSessions.timeoutAt} IS NOT NULL)`,
      ),
    )
    .returning({ id: flowSessions.id });
  return ended.length;
}

// Many conversations at once: the runtime reads, locks and writes the turns of a batch of conversations together.

/** Each conversation's oldest message still to answer. */
export async function oldestInboxOfMany(db: DbOrTx, conversationIds: readonly number[]): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db.execute<{ conversationId: number; messageId: number }>(sql`
    SELECT DISTINCT ON (conversation_id) conversation_id AS "conversationId", message_id AS "messageId"
    FROM flow_inbox WHERE conversation_id = ANY(${sql.param(conversationIds)}::int[])
    ORDER BY conversation_id, message_id`);
  return new Map(rows.rows.map((row) => [row.conversationId, row.messageId]));
}

/** The conversations' sessions that have not ended, by conversation. */
export async function liveSessionsOf(db: DbOrTx, conversationIds: readonly number[]): Promise<Map<number, FlowSessionRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(flowSessions)
    .where(and(equalsAny(flowSessions.conversationId, 'int', conversationIds), ne(flowSessions.status, 'ended')));
  return new Map(rows.map((row) => [row.conversationId as number, row]));
}

/** As liveSessionsOf, held until the transaction ends (locked in conversation order). */
export async function lockLiveSessionsOf(tx: Tx, conversationIds: readonly number[]): Promise<Map<number, FlowSessionRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(flowSessions)
    .where(and(equalsAny(flowSessions.conversationId, 'int', conversationIds), ne(flowSessions.status, 'ended')))
    .orderBy(asc(flowSessions.conversationId))
    .for('update');
  return new Map(rows.map((row) => [row.conversationId as number, row]));
}

export async function deleteInboxMany(tx: Tx, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await tx.delete(flowInbox).where(equalsAny(flowInbox.messageId, 'int', messageIds));
}

/** Ends sessions (held by the caller), each with its reason, without a message. */
export async function endSessions(tx: Tx, ended: readonly { id: string; reason: string }[]): Promise<void> {
  if (ended.length === 0) return;
  const values = unnestRows('v', [
    ['id', 'text', ended.map((e) => e.id)],
    ['reason', 'text', ended.map((e) => e.reason)],
  ]);
  await tx.execute(sql`
    UPDATE flow_sessions s SET status = 'ended', ended_reason = v.reason, ended_at = now(), timeout_at = NULL, last_activity_at = now()
    FROM ${values.source} WHERE s.id = v.id::uuid`);
}

type SessionWrite = { id: string } & Required<Omit<SessionChanges, 'metadata'>>;

function sessionColumns(rows: readonly SessionWrite[]) {
  return [
    ['id', 'text', rows.map((r) => r.id)],
    ['status', 'text', rows.map((r) => r.status)],
    ['current_node_id', 'text', rows.map((r) => r.currentNodeId)],
    ['variables', 'jsonb', rows.map((r) => JSON.stringify(r.variables))],
    ['retries', 'int', rows.map((r) => r.retries)],
    ['timeout_at', 'timestamptz', rows.map((r) => r.timeoutAt)],
    ['last_activity_at', 'timestamptz', rows.map((r) => r.lastActivityAt)],
    ['handed_off', 'boolean', rows.map((r) => r.handedOff)],
    ['ended_at', 'timestamptz', rows.map((r) => r.endedAt)],
    ['ended_reason', 'text', rows.map((r) => r.endedReason)],
  ] as const;
}

/** Writes many sessions' advances (held by the caller) in one statement. */
export async function updateSessions(tx: Tx, rows: readonly SessionWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const values = unnestRows('v', sessionColumns(rows));
  await tx.execute(sql`
    UPDATE flow_sessions s SET status = v.status, current_node_id = v.current_node_id, variables = v.variables,
      retries = v.retries, timeout_at = v.timeout_at, last_activity_at = v.last_activity_at, handed_off = v.handed_off,
      ended_at = v.ended_at, ended_reason = v.ended_reason
    FROM ${values.source} WHERE s.id = v.id::uuid`);
}

/** Stores many new sessions (ids chosen by the caller) as their first advance left them, in one statement. */
export async function insertSessions(
  tx: Tx,
  rows: readonly (SessionWrite & { flowId: number; flowVersion: number; userId: string; conversationId: number | null })[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = unnestRows('v', [
    ...sessionColumns(rows),
    ['flow_id', 'int', rows.map((r) => r.flowId)],
    ['flow_version', 'int', rows.map((r) => r.flowVersion)],
    ['user_id', 'text', rows.map((r) => r.userId)],
    ['conversation_id', 'int', rows.map((r) => r.conversationId)],
  ]);
  await tx.execute(sql`
    INSERT INTO flow_sessions (id, status, current_node_id, variables, retries, timeout_at, last_activity_at, handed_off,
      ended_at, ended_reason, flow_id, flow_version, user_id, conversation_id, created_at)
    SELECT v.id::uuid, v.status, v.current_node_id, v.variables, v.retries, v.timeout_at, v.last_activity_at, v.handed_off,
      v.ended_at, v.ended_reason, v.flow_id, v.flow_version, v.user_id, v.conversation_id, v.last_activity_at
    FROM ${values.source}`);
}

/** The nodes many sessions reached, each once per session. */
export async function insertVisitsMany(
  tx: Tx,
  visits: readonly { sessionId: string; flowId: number; nodeIds: readonly string[] }[],
): Promise<void> {
  const rows = visits.flatMap(({ sessionId, flowId, nodeIds }) => [...new Set(nodeIds)].map((nodeId) => ({ sessionId, flowId, nodeId })));
  if (rows.length === 0) return;
  const values = unnestRows('v', [
    ['session_id', 'text', rows.map((r) => r.sessionId)],
    ['flow_id', 'int', rows.map((r) => r.flowId)],
    ['node_id', 'text', rows.map((r) => r.nodeId)],
  ]);
  await tx.execute(sql`
    INSERT INTO flow_node_visits (session_id, flow_id, node_id)
    SELECT v.session_id::uuid, v.flow_id, v.node_id FROM ${values.source}
    ON CONFLICT DO NOTHING`);
}

/**
 * Takes the turn locks of the conversations nobody holds (on the process's own connection, until released): the
 * ids taken. Whoever holds a conversation's turn answers its messages in order and sends the replies before letting go.
 */
export async function tryTakeTurns(lockDb: DbOrTx, conversationIds: readonly number[]): Promise<number[]> {
  if (conversationIds.length === 0) return [];
  const rows = await lockDb.execute<{ id: number }>(sql`
    SELECT id FROM unnest(${sql.param(conversationIds)}::int[]) AS id
    WHERE pg_try_advisory_lock(${CONVERSATION_TURN_SPACE}, id)`);
  return rows.rows.map((row) => row.id);
}

export async function releaseTurns(lockDb: DbOrTx, conversationIds: readonly number[]): Promise<void> {
  if (conversationIds.length === 0) return;
  await lockDb.execute(sql`
    SELECT count(pg_advisory_unlock(${CONVERSATION_TURN_SPACE}, id)) FROM unnest(${sql.param(conversationIds)}::int[]) AS id`);
}
