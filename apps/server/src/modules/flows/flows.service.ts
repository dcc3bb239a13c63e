import { isDeepStrictEqual } from 'node:util';
import type { User } from '@wac/contract/auth';
import { paginationOf } from '@wac/contract/common';
import { validateFlow } from '@wac/contract/flow-validation';
import {
  answersOnNumber,
  type Flow,
  type FlowAnalytics,
  type FlowGraph,
  type FlowIssue,
  type FlowSave,
  type FlowTriggers,
  type FlowVersion,
  type flowListQuerySchema,
} from '@wac/contract/flows';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import { patternProblem } from './flow-patterns.ts';
import { toFlow, toFlowSummary, toFlowVersion, toFlowVersionSummary, triggersOf } from './flow-view.ts';
import {
  activeFlowTriggers,
  clearTriggerFlagOnOthers,
  currentVersionOf,
  deleteFlow,
  droppedOffByNode,
  type FlowContent,
  type FlowRow,
  flowById,
  flowVersionGraph,
  flowVersionOf,
  flowVersionsOf,
  insertFlow,
  insertFlowVersion,
  keywordTakenByActiveFlow,
  listFlows,
  lockFlow,
  lockTriggers,
  reachedByNode,
  sessionTotals,
  updateFlow,
} from './flows.repository.ts';

export interface FlowsServiceDeps {
  db: Db;
  activities: ActivityService;
}

/** Endings that leave the flow at the node where the session stopped (the engine keeps current_node_id there). */
const DROP_OFF_REASONS = ['idle', 'timeout', 'loop_guard', 'error'] as const;

/** Saved versions never change, so their graphs are kept; this many at most, the least recently used going first. */
const CACHED_GRAPHS = 200;

const flowNotFound = (id: number) => notFound(`There is no flow with id ${id}`);

/**
 * The graph as validateFlow accepts it (normalised: edge defaults filled in, unknown fields dropped), or a 400 naming
 * the first problem with every problem and warning in its details, so the builder can mark each node.
 */
function checked(input: { nodes?: unknown; edges?: unknown }, prefix = ''): { graph: FlowGraph; warnings: FlowIssue[] } {
  const result = validateFlow({ nodes: input.nodes, edges: input.edges }, patternProblem);
  if (!result.ok) {
    throw badRequest(`${prefix}${result.errors[0]?.message ?? 'Invalid flow'}`, { errors: result.errors, warnings: result.warnings });
  }
  return result;
}

/** A stored flow as the builder sees it; should a newer rule refuse what was saved, its problems show as warnings. */
function view(row: FlowRow): Flow {
  const result = validateFlow(row, patternProblem);
  return toFlow(row, result.ok ? result.warnings : result.errors);
}

export interface ActiveFlowTriggers {
  id: number;
  version: number;
  triggers: FlowTriggers;
}

type TriggerInput = { text: string | null; isNewConversation: boolean; phoneNumberId: string };

/**
 * The flow a customer's message starts, among the active flows answering on the number they wrote to: a keyword equal
 * to the whole message (trimmed, any case), else the new-conversation flow for a new conversation, else the default
 * flow; null when none applies.
 */
export function triggeredAmong(all: readonly ActiveFlowTriggers[], input: TriggerInput): { flowId: number; version: number } | null {
  const active = all.filter((flow) => answersOnNumber(triggersOf(flow.triggers).phoneNumberIds, input.phoneNumberId));
  const keyword = input.text?.trim().toLowerCase();
  const chosen =
    (keyword ? active.find((flow) => flow.triggers.keywords.includes(keyword)) : undefined) ??
    (input.isNewConversation ? active.find((flow) => flow.triggers.onNewConversation) : undefined) ??
    active.find((flow) => flow.triggers.isDefault);
  return chosen ? { flowId: chosen.id, version: chosen.version } : null;
}

/** Bot flows (spec 7 "Flows"): the builder's saves and their versions, activation and triggers, and per-node analytics. */
export function createFlowsService({ db, activities }: FlowsServiceDeps) {
  const graphs = new Map<string, FlowGraph>();

  const record = (tx: Tx, actor: User, type: string, name: string, details?: string) =>
    activities.record({ type, sourceType: 'user', userId: actor.id, data: { username: actor.username, name, details } }, tx);

  async function locked(tx: Tx, id: number): Promise<FlowRow> {
    const row = await lockFlow(tx, id);
    if (!row) throw flowNotFound(id);
    return row;
  }

  async function existing(id: number): Promise<FlowRow> {
    const row = await flowById(db, id);
    if (!row) throw flowNotFound(id);
    return row;
  }

  /** Refuses a keyword another active flow answers to. Needs lockTriggers, so two flows never take one keyword at once. */
  async function assertKeywordsFree(tx: Tx, flowId: number, keywords: readonly string[], phoneNumberIds: readonly string[]) {
    const taken = await keywordTakenByActiveFlow(tx, flowId, keywords, phoneNumberIds);
    if (taken) throw conflict(`The keyword "${taken.keyword}" already starts the flow ${taken.name}`);
  }

  /** The keyword check, then the default and new-conversation flags move to this flow from any other. */
  async function claimTriggers(tx: Tx, flowId: number, triggers: FlowTriggers) {
    await assertKeywordsFree(tx, flowId, triggers.keywords, triggers.phoneNumberIds);
    if (triggers.isDefault) await clearTriggerFlagOnOthers(tx, flowId, 'isDefault', triggers.phoneNumberIds);
    if (triggers.onNewConversation) await clearTriggerFlagOnOthers(tx, flowId, 'onNewConversation', triggers.phoneNumberIds);
  }

  /** Writes `content` as the flow's next version; every earlier version stays readable. */
  async function saveNextVersion(tx: Tx, actor: User, current: FlowRow, content: FlowContent, triggers?: FlowTriggers) {
    const version = current.version + 1;
    const row = await updateFlow(tx, current.id, { ...content, version, ...(triggers ? { triggers } : {}) });
    await insertFlowVersion(tx, current.id, version, content, actor.id);
    return row;
  }

  /** Every active flow's current version and triggers, last changed first; read within `on` (a transaction) if given. */
  async function activeTriggers(on: DbOrTx = db): Promise<ActiveFlowTriggers[]> {
    return (await activeFlowTriggers(on)).map((flow) => ({ ...flow, triggers: triggersOf(flow.triggers) }));
  }

  function forgetGraphs(flowId: number) {
    for (const key of graphs.keys()) if (key.startsWith(`${flowId}:`)) graphs.delete(key);
  }

  return {
    get: async (id: number): Promise<Flow> => view(await existing(id)),

    async list(query: z.infer<typeof flowListQuerySchema>) {
      // noCache is accepted for the spec's callers and ignored: every list is read from the database, nothing is cached.
      const { rows, total } = await listFlows(
        db,
        { search: query.search, isActive: query.isActive },
        query.limit,
        (query.page - 1) * query.limit,
      );
      return { flows: rows.map(toFlowSummary), pagination: paginationOf(query.page, query.limit, total) };
    },

    /** A draft, version 1, inactive; its first version is kept like every later one. */
    async create(actor: User, body: FlowSave): Promise<Flow> {
      const { graph, warnings } = checked(body);
      const content: FlowContent = { name: body.name, description: body.description, ...graph };
      const row = await inTransaction(db, async (tx) => {
        if (body.triggers) await lockTriggers(tx);
        const row = await insertFlow(tx, {
          ...content,
          version: 1,
          status: 'draft',
          isActive: false,
          triggers: body.triggers ?? triggersOf(null),
          createdBy: actor.id,
        });
        if (body.triggers) await claimTriggers(tx, row.id, body.triggers);
        await insertFlowVersion(tx, row.id, row.version, content, actor.id);
        await record(tx, actor, 'flow_created', row.name);
        return row;
      });
      return toFlow(row, warnings);
    },

    /**
     * Saves the builder's flow as its next version. metadata.version, when given, is the version the builder loaded:
     * a save made elsewhere since is never silently overwritten.
     */
    async update(actor: User, id: number, body: FlowSave): Promise<Flow> {
      const { graph, warnings } = checked(body);
      const row = await inTransaction(db, async (tx) => {
        if (body.triggers) await lockTriggers(tx);
        const current = await locked(tx, id);
        const loaded = body.metadata?.version;
        if (typeof loaded === 'number' && loaded !== current.version) {
          throw conflict(`This flow was saved elsewhere (now version ${current.version}); reload it before saving`);
        }
        if (body.triggers) await claimTriggers(tx, id, body.triggers);
        const row = await saveNextVersion(tx, actor, current, { name: body.name, description: body.description, ...graph }, body.triggers);
        await record(tx, actor, 'flow_updated', row.name, `version ${row.version}`);
        return row;
      });
      return toFlow(row, warnings);
    },

    /** Refused while active: customers may be part-way through it. */
    async remove(actor: User, id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const current = await locked(tx, id);
        if (current.isActive) throw conflict(`The flow ${current.name} is active; deactivate it before deleting it`);
        await deleteFlow(tx, id);
        await record(tx, actor, 'flow_deleted', current.name);
      });
      forgetGraphs(id);
    },

    async versions(id: number) {
      await existing(id);
      return { versions: (await flowVersionsOf(db, id)).map(toFlowVersionSummary) };
    },

    async version(id: number, version: number): Promise<FlowVersion> {
      const flow = await existing(id);
      const row = await flowVersionOf(db, id, version);
      if (!row) throw notFound(`The flow ${flow.name} has no version ${version}`);
      return toFlowVersion(row);
    },

    /** An earlier version's name, description and graph saved again as the next version. */
    async restore(actor: User, id: number, version: number): Promise<Flow> {
      const row = await inTransaction(db, async (tx) => {
        const current = await locked(tx, id);
        const saved = await flowVersionOf(tx, id, version);
        if (!saved) throw notFound(`The flow ${current.name} has no version ${version}`);
        const { graph } = checked(saved, `Version ${version} cannot be restored: `);
        const row = await saveNextVersion(tx, actor, current, { name: saved.name, description: saved.description, ...graph });
        await record(tx, actor, 'flow_restored', row.name, `to version ${version} (now version ${row.version})`);
        return row;
      });
      return view(row);
    },

    /** Customers in bot mode reach it through its triggers from now on; its graph is checked again first. */
    async activate(actor: User, id: number): Promise<Flow> {
      const row = await inTransaction(db, async (tx) => {
        await lockTriggers(tx);
        const current = await locked(tx, id);
        checked(current, 'This flow cannot be activated: ');
        if (current.isActive) return current;
        const triggers = triggersOf(current.triggers);
        await assertKeywordsFree(tx, id, triggers.keywords, triggers.phoneNumberIds);
        const row = await updateFlow(tx, id, { isActive: true, status: 'published' });
        await record(tx, actor, 'flow_activated', row.name);
        return row;
      });
      return view(row);
    },

    async deactivate(actor: User, id: number): Promise<Flow> {
      const row = await inTransaction(db, async (tx) => {
        const current = await locked(tx, id);
        if (!current.isActive) return current;
        const row = await updateFlow(tx, id, { isActive: false, status: 'draft' });
        await record(tx, actor, 'flow_deactivated', row.name);
        return row;
      });
      return view(row);
    },

    /** Keywords another active flow answers to are refused; the default and new-conversation flags move here. */
    async setTriggers(actor: User, id: number, triggers: FlowTriggers): Promise<Flow> {
      const row = await inTransaction(db, async (tx) => {
        await lockTriggers(tx);
        const current = await locked(tx, id);
        if (isDeepStrictEqual(triggersOf(current.triggers), triggers)) return current;
        await claimTriggers(tx, id, triggers);
        const row = await updateFlow(tx, id, { triggers });
        await record(tx, actor, 'flow_updated', row.name, 'triggers changed');
        return row;
      });
      return view(row);
    },

    /** Sessions of the flow, and per node of its current graph how many reached it and how many stopped there unfinished. */
    async analytics(id: number): Promise<FlowAnalytics> {
      const flow = await existing(id);
      const [totals, reached, dropped] = await Promise.all([
        sessionTotals(db, id),
        reachedByNode(db, id),
        droppedOffByNode(db, id, DROP_OFF_REASONS),
      ]);
      const nodes = flow.nodes.map((node) => ({
        nodeId: node.id,
        reached: reached.get(node.id) ?? 0,
        droppedOff: dropped.get(node.id) ?? 0,
      }));
      return { ...totals, nodes };
    },

    activeTriggers,

    /** The flow a customer's message starts among the active flows now (triggeredAmong); null when none applies. */
    async triggeredFlow(input: TriggerInput): Promise<{ flowId: number; version: number } | null> {
      return triggeredAmong(await activeTriggers(), input);
    },

    /** The nodes and edges of a saved version, as sessions run it (shared: read it, never change it). */
    async graphOf(flowId: number, version: number): Promise<FlowGraph | null> {
      const key = `${flowId}:${version}`;
      const cached = graphs.get(key);
      if (cached) {
        graphs.delete(key);
        graphs.set(key, cached);
        return cached;
      }
      const row = await flowVersionGraph(db, flowId, version);
      if (!row) return null;
      const graph: FlowGraph = { nodes: row.nodes, edges: row.edges };
      if (graphs.size >= CACHED_GRAPHS) graphs.delete(graphs.keys().next().value as string);
      graphs.set(key, graph);
      return graph;
    },

    /** The flow's current version, active or not: the sessions API may start a draft so an admin can try it. */
    async activeFlow(flowId: number): Promise<{ flowId: number; version: number } | null> {
      const version = await currentVersionOf(db, flowId);
      return version === undefined ? null : { flowId, version };
    },
  };
}

export type FlowsService = ReturnType<typeof createFlowsService>;
