import type { FlowEdge, FlowNode, FlowTriggers } from '@wac/contract/flows';
import { and, count, desc, eq, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { flowNodeVisits, flowSessions, flows, flowVersions } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { userJoin } from '../accounts/index.ts';

export type FlowRow = typeof flows.$inferSelect;
export type NewFlowRow = typeof flows.$inferInsert;
export type FlowVersionRow = typeof flowVersions.$inferSelect;

/** What a saved version holds, and what a save writes to the flow itself. */
export interface FlowContent {
  name: string;
  description: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export async function insertFlow(tx: DbOrTx, row: NewFlowRow): Promise<FlowRow> {
  const [inserted] = await tx.insert(flows).values(row).returning();
  if (!inserted) throw new Error('flow insert returned nothing');
  return inserted;
}

export async function insertFlowVersion(tx: DbOrTx, flowId: number, version: number, content: FlowContent, savedBy: number | null) {
  await tx.insert(flowVersions).values({ flowId, version, savedBy, ...content });
}

export async function flowById(db: DbOrTx, id: number): Promise<FlowRow | undefined> {
  const [row] = await db.select().from(flows).where(eq(flows.id, id));
  return row;
}

/** Held until the transaction ends: saves, restores and activations of one flow never overwrite each other. */
export async function lockFlow(tx: Tx, id: number): Promise<FlowRow | undefined> {
  const [row] = await tx.select().from(flows).where(eq(flows.id, id)).for('update');
  return row;
}

export async function updateFlow(tx: DbOrTx, id: number, change: Partial<NewFlowRow>): Promise<FlowRow> {
  const [row] = await tx
    .update(flows)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(flows.id, id))
    .returning();
  if (!row) throw new Error(`flow ${id} vanished`);
  return row;
}

/** Its versions, sessions and their node visits go with it (foreign keys cascade). */
export async function deleteFlow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(flows).where(eq(flows.id, id));
}

export interface FlowFilter {
  search?: string;
  isActive?: boolean;
}

const filterOf = ({ search, isActive }: FlowFilter): SQL | undefined => {
  const pattern = search ? likeContaining(search) : null;
  return and(
    pattern ? or(ilike(flows.name, pattern), ilike(flows.description, pattern)) : undefined,
    isActive !== undefined ? eq(flows.isActive, isActive) : undefined,
  );
};

/** Everything but the graph, which a list never needs (a flow may hold 1,000 nodes). */
const summaryColumns = {
  id: flows.id,
  name: flows.name,
  description: flows.description,
  version: flows.version,
  status: flows.status,
  isActive: flows.isActive,
  triggers: flows.triggers,
  updatedAt: flows.updatedAt,
  nodeCount: sql<number>`jsonb_array_length(${flows.nodes})`.mapWith(Number),
};

/** Last changed first. */
export async function listFlows(db: DbOrTx, filter: FlowFilter, limit: number, offset: number) {
  const where = filterOf(filter);
  const [rows, [total]] = await Promise.all([
    db.select(summaryColumns).from(flows).where(where).orderBy(desc(flows.updatedAt), desc(flows.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(flows).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type FlowSummaryRow = Awaited<ReturnType<typeof listFlows>>['rows'][number];

const savedBy = userJoin(flowVersions.savedBy);

const versionSummaryColumns = {
  version: flowVersions.version,
  name: flowVersions.name,
  nodeCount: sql<number>`jsonb_array_length(${flowVersions.nodes})`.mapWith(Number),
  savedAt: flowVersions.savedAt,
  savedBy: savedBy.username,
};

/** Newest first, without their graphs. */
export async function flowVersionsOf(db: DbOrTx, flowId: number) {
  return db
    .select(versionSummaryColumns)
    .from(flowVersions)
    .leftJoin(savedBy.table, savedBy.on)
    .where(eq(flowVersions.flowId, flowId))
    .orderBy(desc(flowVersions.version));
}

export type FlowVersionSummaryRow = Awaited<ReturnType<typeof flowVersionsOf>>[number];

export async function flowVersionOf(db: DbOrTx, flowId: number, version: number) {
  const [row] = await db
    .select({ ...versionSummaryColumns, description: flowVersions.description, nodes: flowVersions.nodes, edges: flowVersions.edges })
    .from(flowVersions)
    .leftJoin(savedBy.table, savedBy.on)
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)));
  return row;
}
export type FlowVersionDetailRow = NonNullable<Awaited<ReturnType<typeof flowVersionOf>>>;

/** Just the graph of a saved version: what a session runs. */
export async function flowVersionGraph(db: DbOrTx, flowId: number, version: number) {
  const [row] = await db
    .select({ nodes: flowVersions.nodes, edges: flowVersions.edges })
    .from(flowVersions)
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)));
  return row;
}

export async function currentVersionOf(db: DbOrTx, flowId: number): Promise<number | undefined> {
  const [row] = await db.select({ version: flows.version }).from(flows).where(eq(flows.id, flowId));
  return row?.version;
}

// Trigger changes and activations check every active flow's triggers, so they take turns (advisory lock space).
const TRIGGERS_LOCK_SPACE = 4_170_612;

/** Taken before any flow row is locked, so that two trigger changes never wait on each other's rows. */
export async function lockTriggers(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRIGGERS_LOCK_SPACE}, 0)`);
}

/** Whether the flow's numbers meet these (a flow with no numbers answers on every number, so meets any). */
const sharesNumbers = (triggers: SQL, phoneNumberIds: readonly string[]) => sql`(
  ${phoneNumberIds.length === 0}
  OR coalesce(jsonb_array_length(${triggers} -> 'phoneNumberIds'), 0) = 0
  OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${triggers} -> 'phoneNumberIds') AS n(id) WHERE n.id = ANY(${sql.param([...phoneNumberIds])}::text[])))`;

/** The first of `keywords` that an active flow other than `flowId`, on a number it shares, already answers to, with that flow's name. */
export async function keywordTakenByActiveFlow(
  db: DbOrTx,
  flowId: number,
  keywords: readonly string[],
  phoneNumberIds: readonly string[],
): Promise<{ keyword: string; name: string } | undefined> {
  if (keywords.length === 0) return undefined;
  const result = await db.execute<{ keyword: string; name: string }>(sql`
    SELECT k.keyword, f.name
    FROM ${flows} f, jsonb_array_elements_text(f.triggers -> 'keywords') AS k(keyword)
    WHERE f.is_active AND f.id <> ${flowId} AND k.keyword = ANY(${sql.param([...keywords])}::text[]) AND ${sharesNumbers(sql`f.triggers`, phoneNumberIds)}
    ORDER BY array_position(${sql.param([...keywords])}::text[], k.keyword), f.id
    LIMIT 1`);
  return result.rows[0];
}

/** Only one flow per number is the default and only one starts new conversations: taking either clears it on the others sharing a number. */
export async function clearTriggerFlagOnOthers(
  tx: DbOrTx,
  flowId: number,
  flag: 'isDefault' | 'onNewConversation',
  phoneNumberIds: readonly string[],
): Promise<void> {
  await tx
    .update(flows)
    .set({ triggers: sql`jsonb_set(${flows.triggers}, ${`{${flag}}`}::text[], 'false'::jsonb)` })
    .where(and(ne(flows.id, flowId), sql`(${flows.triggers} ->> ${flag})::boolean`, sharesNumbers(sql`${flows.triggers}`, phoneNumberIds)));
}

/** What the runtime chooses from: every active flow's current version and triggers, last changed first. */
export async function activeFlowTriggers(db: DbOrTx): Promise<{ id: number; version: number; triggers: FlowTriggers }[]> {
  return db
    .select({ id: flows.id, version: flows.version, triggers: flows.triggers })
    .from(flows)
    .where(eq(flows.isActive, true))
    .orderBy(desc(flows.updatedAt), desc(flows.id));
}

export interface FlowSessionTotals {
  sessions: number;
  completed: number;
  handedOff: number;
}

/** Analytics count customers' sessions only: those of the sessions API (the builder's Try it panel) have no conversation. */
const overWhatsApp = isNotNull(flowSessions.conversationId);

export async function sessionTotals(db: DbOrTx, flowId: number): Promise<FlowSessionTotals> {
  const [row] = await db
    .select({
      sessions: count(),
      completed:
        sql<number>`count(*) FILTER (WHERE ${flowSessions.status} = 'ended' AND ${flowSessions.endedReason} = 'completed')`.mapWith(Number),
      handedOff: sql<number>`count(*) FILTER (WHERE ${flowSessions.handedOff})`.mapWith(Number),
    })
    .from(flowSessions)
    .where(and(eq(flowSessions.flowId, flowId), overWhatsApp));
  return row ?? { sessions: 0, completed: 0, handedOff: 0 };
}

/** Sessions that reached each node, by node id. */
export async function reachedByNode(db: DbOrTx, flowId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ nodeId: flowNodeVisits.nodeId, n: sql<number>`count(DISTINCT ${flowNodeVisits.sessionId})`.mapWith(Number) })
    .from(flowNodeVisits)
    .innerJoin(flowSessions, eq(flowSessions.id, flowNodeVisits.sessionId))
    .where(and(eq(flowNodeVisits.flowId, flowId), overWhatsApp))
    .groupBy(flowNodeVisits.nodeId);
  return new Map(rows.map((row) => [row.nodeId, row.n]));
}

/** Sessions that ended without finishing (for one of `reasons`), by the node where they stopped. */
export async function droppedOffByNode(db: DbOrTx, flowId: number, reasons: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ nodeId: flowSessions.currentNodeId, n: count() })
    .from(flowSessions)
    .where(
      and(
        eq(flowSessions.flowId, flowId),
        overWhatsApp,
        eq(flowSessions.status, 'ended'),
        sql`${flowSessions.endedReason} = ANY(${sql.param([...reasons])}::text[])`,
        sql`${flowSessions.currentNodeId} IS NOT NULL`,
      ),
    )
    .groupBy(flowSessions.currentNodeId);
  return new Map(rows.map((row) => [row.nodeId as string, row.n]));
}
