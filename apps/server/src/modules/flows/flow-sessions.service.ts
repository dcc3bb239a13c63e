import type { BotReply, FlowSessionState, SessionInput } from '@wac/contract/flows';
import type { Db, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import { advance, initialState } from './flow-engine.ts';
import type { EngineDeps, EngineEvent, EngineResult } from './flow-engine.types.ts';
import {
  type FlowSessionRow,
  insertSession,
  insertVisits,
  lockSession,
  type NewFlowSession,
  type SessionChanges,
  sessionById,
  updateSession,
} from './flow-sessions.repository.ts';
import type { FlowsService } from './flows.service.ts';

export interface FlowSessionsDeps {
  db: Db;
  flows: Pick<FlowsService, 'activeFlow' | 'graphOf'>;
  /** The engine's HTTP calls and loop guard. */
  engine: EngineDeps;
}

/** The session as the API answers it, with what the bot said in this call. */
export function toSessionState(row: FlowSessionRow, replies: BotReply[]): FlowSessionState {
  return {
    sessionId: row.id,
    flowId: String(row.flowId),
    flowVersion: row.flowVersion,
    userId: row.userId,
    status: row.status,
    currentNodeId: row.currentNodeId,
    variables: row.variables,
    replies,
    endedReason: row.endedReason,
    handedOff: row.handedOff,
    updatedAt: (row.endedAt ?? row.lastActivityAt).toISOString(),
  };
}

/** What an advance writes: the engine's state, the waiting question's deadline, and the time of the activity. */
export function changesOf(result: EngineResult, now: Date): Required<Omit<SessionChanges, 'metadata'>> {
  const { state, timeoutMinutes } = result;
  const ended = state.status === 'ended';
  return {
    status: state.status,
    currentNodeId: state.currentNodeId,
    variables: state.variables,
    retries: state.retries,
    timeoutAt: state.status === 'waiting' && timeoutMinutes !== null ? new Date(now.getTime() + timeoutMinutes * 60_000) : null,
    lastActivityAt: now,
    handedOff: state.handedOff,
    endedAt: ended ? now : null,
    endedReason: ended ? state.endedReason : null,
  };
}

/** Writes an advance of a session held by the caller, and the nodes it reached, in the caller's transaction. */
export async function saveAdvance(tx: Tx, session: FlowSessionRow, result: EngineResult, now: Date): Promise<FlowSessionRow> {
  const saved = await updateSession(tx, session.id, changesOf(result, now));
  await insertVisits(tx, session.id, session.flowId, result.visited);
  return saved;
}

/** Stores a new session as its first advance left it, and the nodes it reached. */
export async function insertAdvanced(
  tx: Tx,
  values: Pick<NewFlowSession, 'flowId' | 'flowVersion' | 'userId' | 'conversationId' | 'metadata'>,
  result: EngineResult,
  now: Date,
): Promise<FlowSessionRow> {
  const row = await insertSession(tx, { ...values, ...changesOf(result, now), createdAt: now });
  await insertVisits(tx, row.id, row.flowId, result.visited);
  return row;
}

/** A typed text, or the id (and title) of the button or list row chosen. */
export function inputEvent(input: SessionInput): EngineEvent {
  return typeof input === 'string' ? { kind: 'input', text: input } : { kind: 'input', id: input.id, text: input.text };
}

const sessionNotFound = () => notFound('Session not found');

/**
 * The sessions API (spec 7): runs a flow for whoever it names, without WhatsApp, as the builder's "Try it" panel
 * does. Sessions of customers' conversations are read and ended here too, but only their messages move them on.
 */
export function createFlowSessionsService({ db, flows, engine }: FlowSessionsDeps) {
  /** A flow id as the API takes it (a number, or its text); anything else names no flow. */
  async function graphToStart(flowId: string) {
    const id = /^\d{1,9}$/.test(flowId) ? Number(flowId) : null;
    const current = id === null ? null : await flows.activeFlow(id);
    const graph = current ? await flows.graphOf(current.flowId, current.version) : null;
    if (!current || !graph) throw notFound(`There is no flow with id ${flowId}`);
    return { ...current, graph };
  }

  return {
    /** A new session on the flow's current version (active or not); the start node runs at once. */
    async start(input: { flowId: string; userId: string; metadata?: Record<string, unknown> }): Promise<FlowSessionState> {
      const { flowId, version, graph } = await graphToStart(input.flowId);
      const name = typeof input.metadata?.name === 'string' ? input.metadata.name : '';
      const result = await advance(graph, initialState({ name, phone: input.userId }), { kind: 'start' }, engine);
      const row = await inTransaction(db, (tx) =>
        insertAdvanced(
          tx,
          { flowId, flowVersion: version, userId: input.userId, conversationId: null, metadata: input.metadata ?? {} },
          result,
          new Date(),
        ),
      );
      return toSessionState(row, result.replies);
    },

    /** The answer to the waiting question; the session is held meanwhile, so two answers take turns. */
    async continue(id: string, input: SessionInput): Promise<FlowSessionState> {
      return inTransaction(db, async (tx) => {
        const session = await lockSession(tx, id);
        if (!session) throw sessionNotFound();
        if (session.status === 'ended') throw conflict('This session has ended');
        if (session.conversationId !== null) {
          throw conflict("This session runs in a customer's WhatsApp conversation: only the customer's messages move it on");
        }
        if (session.status !== 'waiting') throw conflict('This session is not waiting for an answer');
        const graph = await flows.graphOf(session.flowId, session.flowVersion);
        if (!graph) throw sessionNotFound();
        const now = new Date();
        const result = await advance(graph, session, inputEvent(input), engine);
        return toSessionState(await saveAdvance(tx, session, result, now), result.replies);
      });
    },

    /** Ends the session (reason 'ended' unless given); one already ended is answered as it is. */
    async end(id: string, reason?: string): Promise<FlowSessionState> {
      return inTransaction(db, async (tx) => {
        const session = await lockSession(tx, id);
        if (!session) throw sessionNotFound();
        if (session.status === 'ended') return toSessionState(session, []);
        const now = new Date();
        const ended = await updateSession(tx, id, {
          status: 'ended',
          endedReason: reason || 'ended',
          endedAt: now,
          timeoutAt: null,
          lastActivityAt: now,
        });
        return toSessionState(ended, []);
      });
    },

    async state(id: string): Promise<FlowSessionState> {
      const session = await sessionById(db, id);
      if (!session) throw sessionNotFound();
      return toSessionState(session, []);
    },
  };
}

export type FlowSessionsService = ReturnType<typeof createFlowSessionsService>;
