import { randomUUID } from 'node:crypto';
import { formatAddress, isBsuid } from '@wac/contract/whatsapp-user-id';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import type { DomainEvent, StoredInbound } from '../../events/domain-events.ts';
import type { SubscriberOutcome } from '../../events/event-bus.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService, RecordActivity } from '../activities/index.ts';
import type { BotDelivery, BotTurnReplies, ConversationSession, MessagingService } from '../messaging/index.ts';
import { advance, initialState } from './flow-engine.ts';
import type { EngineDeps, EngineResult } from './flow-engine.types.ts';
import {
  conversationsWithBotWork,
  deleteInboxMany,
  dropInboxOf,
  endIdleSessions,
  endLiveSessionsOf,
  endSessions,
  type FlowSessionRow,
  inboxConversations,
  insertSessions,
  insertVisitsMany,
  liveSessionsOf,
  lockLiveSessionsOf,
  lockSession,
  oldestInboxOfMany,
  overdueSessions,
  queueInbox,
  releaseTurns,
  sessionById,
  tryTakeTurns,
  updateSessions,
} from './flow-sessions.repository.ts';
import { changesOf, inputEvent, saveAdvance } from './flow-sessions.service.ts';
import { createBatcher, createTurnLockConnection } from './flow-turn-batches.ts';
import { type FlowsService, triggeredAmong } from './flows.service.ts';

type ForBot = Extract<DomainEvent, { type: 'message.for_bot' }>;
type LeftBot = Extract<DomainEvent, { type: 'conversation.left_bot' }>;
type OptedOut = Extract<DomainEvent, { type: 'conversation.opted_out' }>;

export interface FlowRuntimeDeps {
  db: Db;
  /** Where the process's turn-lock connection goes (the same database). */
  databaseUrl: string;
  log: FastifyBaseLogger;
  messaging: Pick<
    MessagingService,
    'inboundForBots' | 'botConversations' | 'holdForBots' | 'queueBotReplies' | 'handOffToAgents' | 'deliverBotReplies'
  >;
  activities: ActivityService;
  flows: Pick<FlowsService, 'triggeredFlow' | 'graphOf' | 'activeTriggers'>;
  engine: EngineDeps;
  /** Whether the licence has bot flows: without them no new session starts (those under way finish). */
  botFlowsEnabled: () => Promise<boolean>;
}

export interface FlowRuntimeOptions {
  /** Conversations this process answers at once. */
  maxConversations?: number;
  /** Turns written (and reads made) together at most. */
  maxBatch?: number;
  /** The sweep for messages queued by other servers or left by a crash. */
  intervalMs?: number;
}

/** A message that fails this many times is dropped from the queue (logged), so it cannot hold its conversation up. */
const MAX_TRIES = 3;
/** A turn planned on a session that changed before it was written (the idle job ended it) is planned again. */
const MAX_PLANS = 3;

/** What a bot turn will write, worked out (the engine run, HTTP actions included) before anything is held. */
interface TurnPlan {
  /** The conversation's live session as read when planning: the turn is written only if it is still so. */
  expected: FlowSessionRow | undefined;
  result: EngineResult;
  /** A new session (a trigger) rather than `expected` moving on; `expected`, if any, is ended first. */
  start?: { flowId: number; version: number; userId: string };
}

interface Turn {
  conversationId: number;
  /** The queued customer message the turn answers (it leaves the queue with the turn); null for a timeout. */
  messageId: number | null;
  /** Null: nothing to run (the message starts no flow); the message just leaves the queue. */
  plan: TurnPlan | null;
}

type TurnOutcome = { replan: true } | { replan: false; delivered: Promise<void> };

/** A conversation's next turn as read: its oldest queued message, what the customer wrote, and its live session. */
interface Loaded {
  messageId: number;
  inbound: StoredInbound | undefined;
  conversation: ConversationSession | undefined;
  live: FlowSessionRow | undefined;
}

/** The session changed between planning a turn and writing it. */
const sameSession = (a: FlowSessionRow | undefined, b: FlowSessionRow | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.id === b.id &&
    a.status === b.status &&
    a.currentNodeId === b.currentNodeId &&
    a.retries === b.retries &&
    a.lastActivityAt.getTime() === b.lastActivityAt.getTime());

/** A session ended as it stands, saying nothing (a question whose flow version is gone). */
function endedAsIs(session: FlowSessionRow, reason: string): EngineResult {
  return { state: { ...session, status: 'ended', endedReason: reason, retries: 0 }, replies: [], visited: [], timeoutMinutes: null };
}

/**
 * Bot flows over WhatsApp. Customers' messages in conversations the bot holds are queued (flow_inbox) in the webhook's
 * transaction. This process claims conversations (a turn lock each, on its own connection, so no other process
 * answers them meanwhile) and answers each one's messages in order: a turn is planned on its own (the waiting
 * question's answer, or the flow the message starts, HTTP actions included), then written with the other
 * conversations' turns of the moment in one transaction (sessions, visits, handoffs, the queue, the pending replies),
 * then its replies are sent; the next message of the conversation waits for that. No-answer timeouts take the same
 * road; idle sessions end without a message; an agent taking a conversation over ends its session at once.
 */
export function createFlowRuntime(deps: FlowRuntimeDeps, options: FlowRuntimeOptions = {}) {
  const { db, log, messaging, flows, engine } = deps;
  const maxConversations = options.maxConversations ?? 256;
  const maxBatch = options.maxBatch ?? 200;
  const locks = createTurnLockConnection(deps.databaseUrl, log);
  /** Conversations this process holds the turn of. */
  const busy = new Set<number>();
  const tries = new Map<number, number>();
  const serving = new Set<Promise<void>>();
  let stopping = true;

  // Identical trigger lookups at the same moment (a hundred customers writing "hi") share one query.
  const triggerLookups = new Map<string, ReturnType<FlowsService['triggeredFlow']>>();
  function triggeredFlow(text: string | null, isNewConversation: boolean, phoneNumberId: string) {
    const key = `${phoneNumberId}:${isNewConversation}:${text?.trim().toLowerCase() ?? ''}`;
    let lookup = triggerLookups.get(key);
    if (!lookup) {
      lookup = flows.triggeredFlow({ text, isNewConversation, phoneNumberId }).finally(() => triggerLookups.delete(key));
      triggerLookups.set(key, lookup);
    }
    return lookup;
  }

  const loader = createBatcher<number, Loaded | null>(
    async (conversationIds) => {
      const oldest = await oldestInboxOfMany(db, conversationIds);
      const [inbound, conversations, lives] = await Promise.all([
        messaging.inboundForBots(db, [...oldest.values()]),
        messaging.botConversations(conversationIds),
        liveSessionsOf(db, conversationIds),
      ]);
      const byMessage = new Map(inbound.map((message) => [message.messageId, message]));
      return conversationIds.map((id) => {
        const messageId = oldest.get(id);
        if (messageId === undefined) return null;
        return { messageId, inbound: byMessage.get(messageId), conversation: conversations.get(id), live: lives.get(id) };
      });
    },
    maxBatch,
    2,
  );

  /** The engine run for a customer's message: the waiting question's answer, else whatever flow the message starts. */
  async function planAnswer({ inbound, conversation, live }: Loaded): Promise<TurnPlan | null> {
    if (!inbound || !conversation || inbound.sessionState !== 'bot') return null;
    if (live?.status === 'waiting') {
      const graph = await flows.graphOf(live.flowId, live.flowVersion);
      if (graph) {
        const event = inputEvent({ id: inbound.replyId ?? undefined, text: inbound.text ?? undefined });
        return { expected: live, result: await advance(graph, live, event, engine) };
      }
    }
    const triggered = (await deps.botFlowsEnabled())
      ? await triggeredFlow(inbound.text, inbound.isNewConversation, inbound.phoneNumberId)
      : null;
    const graph = triggered ? await flows.graphOf(triggered.flowId, triggered.version) : null;
    if (!triggered || !graph) return live ? { expected: live, result: endedAsIs(live, 'error') } : null;
    // A customer known only by their BSUID has no number to offer a flow.
    const variables = { name: conversation.contactName ?? '', phone: isBsuid(conversation.phone) ? '' : conversation.phone };
    return {
      expected: live,
      result: await advance(graph, initialState(variables), { kind: 'start' }, engine),
      start: { ...triggered, userId: conversation.phone },
    };
  }

  function handoffActivity(conversation: ConversationSession, flowId: number): RecordActivity {
    const recipient = formatAddress(conversation.phone);
    return {
      type: 'flow_handoff',
      sourceType: 'system',
      userId: null,
      data: { name: conversation.contactName ?? recipient, recipient, conversationId: conversation.conversationId, flowId },
    };
  }

  /**
   * Writes turns of several conversations in one transaction: the conversations are held (an agent's takeover waits
   * for it), each live session must still be the planned one (else that turn is planned again, nothing of it
   * written), then the sessions and their visits, the handoffs, the queue and the pending replies. Once committed,
   * the replies go out (each turn's outcome says when they have).
   */
  async function writeTurns(turns: Turn[]): Promise<TurnOutcome[]> {
    const written = await inTransaction(db, async (tx) => {
      const ids = turns.map((turn) => turn.conversationId);
      const held = await messaging.holdForBots(tx, ids);
      const lives = await lockLiveSessionsOf(tx, ids);
      const now = new Date();
      const replan: boolean[] = [];
      const answered: number[] = [];
      const ended: { id: string; reason: string }[] = [];
      const updates: Parameters<typeof updateSessions>[1][number][] = [];
      const inserts: Parameters<typeof insertSessions>[1][number][] = [];
      const visits: Parameters<typeof insertVisitsMany>[1][number][] = [];
      const handoffs: { conversation: ConversationSession; flowId: number }[] = [];
      const replies: BotTurnReplies[] = [];
      const repliesOf: (number | undefined)[] = [];
      for (const [k, { conversationId, messageId, plan }] of turns.entries()) {
        const conversation = held.get(conversationId);
        const live = lives.get(conversationId);
        const bot = conversation?.state === 'bot';
        replan[k] = bot && plan !== null && !sameSession(live, plan.expected);
        if (replan[k]) continue;
        if (messageId !== null) answered.push(messageId);
        // An agent has it now: the bot says nothing more (the takeover ended its session; this is a safety net).
        if (!bot) {
          if (live) ended.push({ id: live.id, reason: conversation?.state === 'ended' ? 'ended' : 'agent_takeover' });
          continue;
        }
        if (!conversation || !plan) continue;
        const changes = { ...changesOf(plan.result, now) };
        let session: { id: string; flowId: number };
        if (plan.start) {
          if (live) ended.push({ id: live.id, reason: 'error' });
          session = { id: randomUUID(), flowId: plan.start.flowId };
          inserts.push({ ...session, ...changes, flowVersion: plan.start.version, userId: plan.start.userId, conversationId });
        } else {
          session = live as FlowSessionRow;
          updates.push({ id: session.id, ...changes });
        }
        visits.push({ sessionId: session.id, flowId: session.flowId, nodeIds: plan.result.visited });
        if (changes.status === 'ended' && changes.handedOff) handoffs.push({ conversation, flowId: session.flowId });
        repliesOf[k] = replies.push({ conversation, replies: plan.result.replies }) - 1;
      }
      await deleteInboxMany(tx, answered);
      await endSessions(tx, ended);
      await updateSessions(tx, updates);
      await insertSessions(tx, inserts);
      await insertVisitsMany(tx, visits);
      const handedOff = new Set(
        (
          await messaging.handOffToAgents(
            tx,
            handoffs.map((handoff) => handoff.conversation),
          )
        ).map((session) => session.conversationId),
      );
      await deps.activities.recordMany(
        handoffs.flatMap(({ conversation, flowId }) =>
          handedOff.has(conversation.conversationId) ? [handoffActivity(conversation, flowId)] : [],
        ),
        tx,
      );
      const deliveries = await messaging.queueBotReplies(tx, replies);
      return { replan, deliveries: repliesOf.map((at) => (at === undefined ? undefined : deliveries[at])) };
    });
    const deliveries = written.deliveries.filter((delivery): delivery is BotDelivery => delivery !== undefined);
    const delivered = messaging
      .deliverBotReplies(deliveries)
      .catch((err) => log.error({ err }, 'bot replies could not be sent or recorded'));
    return turns.map((_, k) => (written.replan[k] ? { replan: true } : { replan: false, delivered }));
  }

  // Two writes at once: a burst's first few turns do not hold up the rest (their conversations never overlap).
  const writer = createBatcher(writeTurns, maxBatch, 2);

  /** Writes a turn and waits for its replies to be sent; planned again (up to MAX_PLANS) when its session changed. */
  async function runTurn(conversationId: number, messageId: number | null, plan: () => Promise<TurnPlan | null>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await writer.submit({ conversationId, messageId, plan: await plan() });
      if (!outcome.replan) return outcome.delivered;
      if (attempt >= MAX_PLANS) throw new Error(`the flow session of conversation ${conversationId} kept changing`);
    }
  }

  /** Answers the conversation's queued messages one after another, oldest first, while this process holds its turn. */
  async function serve(conversationId: number): Promise<void> {
    let messageId: number | undefined;
    try {
      while (!stopping) {
        const first = await loader.submit(conversationId);
        if (!first) return;
        messageId = first.messageId;
        let loaded: Loaded | null = first;
        await runTurn(conversationId, first.messageId, async () => {
          loaded ??= await loader.submit(conversationId);
          const plan = loaded && loaded.messageId === first.messageId ? await planAnswer(loaded) : null;
          loaded = null;
          return plan;
        });
        tries.delete(messageId);
      }
    } catch (err) {
      if (messageId === undefined) throw err;
      const failed = (tries.get(messageId) ?? 0) + 1;
      tries.set(messageId, failed);
      log.error({ err, conversationId, messageId, failed }, 'the bot could not answer a message');
      if (failed >= MAX_TRIES) {
        tries.delete(messageId);
        const dropped = messageId;
        await db.transaction((tx) => deleteInboxMany(tx, [dropped]));
        log.error({ conversationId, messageId }, 'the bot gave up on a message');
      }
    }
  }

  // Turns let go of at the same moment are released together.
  const releaser = createBatcher<number, void>(async (ids) => {
    await locks.use((lockDb) => releaseTurns(lockDb, ids));
    return ids.map(() => undefined);
  }, 1_000);

  /**
   * Starts `work` for each conversation whose turn this process could take (none of its own workers, nor another
   * process, has it), and lets go of each when its work ends. Answers when all of it has ended.
   */
  async function withTurns(conversationIds: number[], work: (conversationId: number) => Promise<void>): Promise<{ done: Promise<void> }> {
    const free = conversationIds.filter((id) => !busy.has(id));
    if (free.length === 0) return { done: Promise.resolve() };
    for (const id of free) busy.add(id);
    let taken: number[] = [];
    try {
      taken = await locks.use((lockDb) => tryTakeTurns(lockDb, free));
    } finally {
      const kept = new Set(taken);
      for (const id of free) if (!kept.has(id)) busy.delete(id);
    }
    const done = Promise.all(
      taken.map(async (id) => {
        try {
          await work(id);
        } catch (err) {
          log.error({ err, conversationId: id }, 'a bot turn failed');
        } finally {
          await releaser.submit(id).catch(() => {});
          busy.delete(id);
          kick();
        }
      }),
    ).then(() => {});
    serving.add(done);
    void done.finally(() => serving.delete(done));
    return { done };
  }

  let claiming = false;
  let again = false;

  /** Claims conversations with queued messages that no process is answering, and serves each. */
  async function claim(): Promise<void> {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const room = maxConversations - busy.size;
        if (stopping || room <= 0) return;
        const candidates = await inboxConversations(db, [...busy], room);
        if (candidates.length > 0) await withTurns(candidates, serve);
      } while (again && !stopping);
    } catch (err) {
      log.error({ err }, 'claiming conversations for the bot failed');
    } finally {
      claiming = false;
    }
  }

  function kick(): void {
    if (!stopping) void claim();
  }

  const sweep = createKickableLoop({
    run: async () => kick(),
    intervalMs: options.intervalMs ?? 2_000,
    onError: (err) => log.error({ err }, 'flow runtime sweep failed'),
  });

  /** The timed-out question's turn (its timeout edge, or the end), planned from the session as it is now. */
  async function planTimeout(sessionId: string, now: Date): Promise<TurnPlan | null> {
    const session = await sessionById(db, sessionId);
    if (session?.status !== 'waiting' || !session.timeoutAt || session.timeoutAt > now) return null;
    const graph = await flows.graphOf(session.flowId, session.flowVersion);
    return {
      expected: session,
      result: graph ? await advance(graph, session, { kind: 'timeout' }, engine) : endedAsIs(session, 'timeout'),
    };
  }

  /** A session of the API timing out: nobody to tell, its state moves on all the same. */
  async function timeOutApiSession(sessionId: string, now: Date): Promise<void> {
    for (let attempt = 1; attempt <= MAX_PLANS; attempt++) {
      const plan = await planTimeout(sessionId, now);
      if (!plan) return;
      const saved = await inTransaction(db, async (tx) => {
        const held = await lockSession(tx, sessionId);
        if (!sameSession(held, plan.expected)) return false;
        await saveAdvance(tx, held as FlowSessionRow, plan.result, new Date());
        return true;
      });
      if (saved) return;
    }
  }

  /**
   * The messages a turn could do anything with, oldest first: those of conversations the bot is busy with (a live
   * session, or messages queued before) and those that start a flow as planAnswer chooses it, with every later message
   * of their conversations. Any other message would only be queued, planned as nothing and dropped: a turn per message
   * (locks, reads and a transaction) that answers nobody.
   */
  async function botWillRead(tx: Tx, messages: StoredInbound[]): Promise<StoredInbound[]> {
    if (messages.length === 0) return [];
    const busyWith = await conversationsWithBotWork(
      tx,
      messages.map((message) => message.conversationId),
    );
    const active = await flows.activeTriggers(tx);
    return [...messages]
      .sort((a, b) => a.messageId - b.messageId)
      .filter((message) => {
        if (!busyWith.has(message.conversationId) && !triggeredAmong(active, message)) return false;
        busyWith.add(message.conversationId);
        return true;
      });
  }

  return {
    /** The claim loop the job runner starts and stops: kicked as messages are queued, swept on an interval. */
    loop: {
      start(): void {
        stopping = false;
        sweep.start();
      },
      kick,
      async stop(): Promise<void> {
        stopping = true;
        await sweep.stop();
        while (claiming || serving.size > 0) await Promise.all([...serving, new Promise((r) => setTimeout(r, 10))]);
        await locks.close();
      },
    },

    /** Customers' messages for the bot: queues those in conversations it holds that a turn will read, and wakes the claim. */
    async onInbound(tx: Tx, events: ForBot[]): Promise<SubscriberOutcome | undefined> {
      const queued = await botWillRead(
        tx,
        events.map(({ inbound }) => inbound).filter((message) => message.sessionState === 'bot' && message.type !== 'reaction'),
      );
      if (queued.length === 0) return undefined;
      await queueInbox(tx, queued);
      return { afterCommit: kick };
    },

    /** A conversation leaves the bot: its session ends at once, so nothing it planned goes out. */
    async onLeftBot(tx: Tx, events: LeftBot[]): Promise<undefined> {
      for (const { conversationId, to } of events) {
        await endLiveSessionsOf(tx, [conversationId], to === 'ended' ? 'ended' : 'agent_takeover');
      }
      return undefined;
    },

    /**
     * Customers wrote an opt-out word: their sessions end at once and what they wrote before it is not answered, so
     * the bot says nothing more (a question's no-answer message neither).
     */
    async onOptedOut(tx: Tx, events: OptedOut[]): Promise<undefined> {
      const conversationIds = events.map(({ conversationId }) => conversationId);
      await endLiveSessionsOf(tx, conversationIds, 'opted_out');
      await dropInboxOf(tx, conversationIds);
      return undefined;
    },

    /** Questions past their no-answer time get the engine's timeout; over WhatsApp under the conversation's turn. */
    async runTimeouts(now = new Date()): Promise<number> {
      const due = await overdueSessions(db, now, 200);
      for (const { id, conversationId } of due) if (conversationId === null) await timeOutApiSession(id, now);
      const byConversation = new Map(due.flatMap(({ id, conversationId }) => (conversationId === null ? [] : [[conversationId, id]])));
      const { done } = await withTurns([...byConversation.keys()], (conversationId) =>
        runTurn(conversationId, null, () => planTimeout(byConversation.get(conversationId) as string, now)),
      );
      await done;
      return due.length;
    },

    /** Ends sessions idle since `before`, without a message. */
    endIdle: (before: Date) => endIdleSessions(db, before),
  };
}

export type FlowRuntime = ReturnType<typeof createFlowRuntime>;
