import {
  type AgentSession,
  colleagueHolding,
  mayWriteIn,
  nextSessionState,
  type SessionAction,
  type SessionHolder,
  type SessionState,
} from '@wac/contract/agent-sessions';
import type { Role } from '@wac/contract/auth';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { formatAddress } from '@wac/contract/whatsapp-user-id';
import type { Tx } from '../../db/database.ts';
import { type DomainEvents, type HandOff, publishInTransaction } from '../../events/domain-events.ts';
import { AppError, conflict } from '../../http/app-error.ts';
import { afterCommit } from '../../realtime/after-commit.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { ActivityService } from '../activities/index.ts';
import { type ConversationSession, setSession, setSessions, toAgentSession } from './conversation-sessions.repository.ts';

export interface SessionActor {
  id: number;
  username: string;
  role: Role;
}

export interface SessionDeps {
  activities: ActivityService;
  realtime: Realtime;
  /**
   * Told, in the transaction, when a conversation leaves the bot (bot flows stop their session at once) and when it
   * is handed to the agents (outbound webhooks).
   */
  events: DomainEvents;
}

export interface TransitionResult {
  session: AgentSession;
  changed: boolean;
}

export const RETURN_TO_BOT_REASON = 'returned_to_bot';
export const BOT_HANDOFF_REASON = 'bot_handoff';

const activityTypes: Record<SessionAction, string> = {
  takeover: 'agent_takeover',
  return_to_bot: 'agent_return_to_bot',
  end: 'agent_session_ended',
};

/** The colleague (agent or admin) holding the conversation, when it is not the actor. */
const otherHolder = (current: ConversationSession, actor: SessionActor): SessionHolder | null => colleagueHolding(current, actor.id);

/** The 409 names the holder in its details, so the console can offer to take over from them. */
function handledBy(holder: SessionHolder): AppError {
  return new AppError('CONFLICT', `This conversation is handled by ${holder.username}`, 409, { holder });
}

/**
 * Only the holder and admins act on, write in or mark read a conversation a colleague holds (mayWriteIn): anyone else
 * gets a 409 naming the holder.
 */
export function assertNotHeldByOther(current: ConversationSession, actor: SessionActor): void {
  const holder = otherHolder(current, actor);
  if (holder && !mayWriteIn(current, actor)) throw handledBy(holder);
}

/**
 * Taking a conversation from a colleague needs a confirmation naming the holder the person was shown; one naming
 * somebody else (the holder changed meanwhile) is refused too. Admins may still take it without confirming.
 */
function assertMayTakeFrom(current: ConversationSession, actor: SessionActor, confirmHolderId: number | undefined): void {
  const holder = otherHolder(current, actor);
  if (!holder || confirmHolderId === holder.id) return;
  if (actor.role === 'admin' && confirmHolderId === undefined) return;
  throw handledBy(holder);
}

/** The state `action` leads to, or a 409 saying why not. */
function nextStateFor(current: ConversationSession, input: TransitionInput): SessionState {
  const { action, actor } = input;
  if (action === 'takeover') assertMayTakeFrom(current, actor, input.confirmHolderId);
  else assertNotHeldByOther(current, actor);
  // Taken from a colleague, or from a holder whose account is gone: it stays with an agent.
  if (action === 'takeover' && current.state === 'agent') return 'agent';
  const next = nextSessionState(current.state, action);
  if (!next) throw conflict(action === 'end' ? 'This conversation has already ended' : 'This conversation is not held by an agent');
  return next;
}

export interface TransitionInput {
  conversation: ConversationSession;
  action: SessionAction;
  actor: SessionActor;
  reason: string | null;
  /** For a takeover: the holder the person confirmed taking the conversation from. */
  confirmHolderId?: number;
}

function handOffOf(conversation: ConversationSession, reason: string | null, agent: HandOff['agent']): HandOff {
  return {
    conversationId: conversation.conversationId,
    phone: conversation.phone,
    contactName: conversation.contactName,
    reason,
    agent,
    previousState: conversation.state,
  };
}

/**
 * Moves a conversation's session, locked by the caller, and writes its activity in the same
 * transaction. A takeover by the agent who already holds it changes nothing.
 */
export async function transitionSession(tx: Tx, deps: SessionDeps, input: TransitionInput): Promise<TransitionResult> {
  const { conversation: current, action, actor, reason } = input;
  if (action === 'takeover' && current.state === 'agent' && current.userId === actor.id) {
    return { session: toAgentSession(current), changed: false };
  }
  const state = nextStateFor(current, input);
  const userId = state === 'bot' ? null : actor.id;
  const changedAt = await setSession(tx, current.conversationId, { state, userId, reason });
  if (current.state === 'bot' && state !== 'bot') {
    await publishInTransaction(tx, deps, [{ type: 'conversation.left_bot', conversationId: current.conversationId, to: state }]);
  }
  if (action === 'takeover') {
    const agent = { id: actor.id, username: actor.username };
    await publishInTransaction(tx, deps, [{ type: 'conversation.handed_off', handOff: handOffOf(current, reason, agent) }]);
  }
  const session = toAgentSession({ ...current, state, userId, username: userId === null ? null : actor.username, reason, changedAt });
  const recipient = formatAddress(current.phone);
  const customer = { name: current.contactName ?? recipient, recipient, conversationId: current.conversationId };
  const previous = otherHolder(current, actor);
  await deps.activities.record(
    {
      type: activityTypes[action],
      // A person did it: the activity is theirs (the colleague's copy below stays a WhatsApp one, so they are told).
      sourceType: 'user',
      userId: actor.id,
      data: {
        username: actor.username,
        ...customer,
        details: reason ?? undefined,
        previousState: current.state,
        ...(previous ? { previousAgent: previous.username } : {}),
      },
    },
    tx,
  );
  // The colleague it was taken from gets an activity of their own: a user is notified only of theirs.
  if (action === 'takeover' && previous) {
    await deps.activities.record(
      {
        type: 'agent_taken_over',
        sourceType: 'whatsapp',
        userId: previous.id,
        data: { username: previous.username, takenOverBy: actor.username, ...customer },
      },
      tx,
    );
  }
  afterCommit(tx, () => deps.realtime.toEveryone(whatsappEventNames.sessionUpdate, session));
  return { session, changed: true };
}

/**
 * The bot hands conversations it holds (locked by the caller) to the agents: each waits for one in the agent state,
 * held by nobody, so any agent may answer or take it. Announced together once the caller's transaction commits; the
 * caller records what it wants to say about them. Conversations the bot no longer holds are left as they are; the
 * sessions answered are those that changed.
 */
export async function handOffToAgents(
  tx: Tx,
  deps: Pick<SessionDeps, 'realtime' | 'events'>,
  held: readonly ConversationSession[],
  reason: string = BOT_HANDOFF_REASON,
): Promise<AgentSession[]> {
  const bots = held.filter((conversation) => conversation.state === 'bot');
  if (bots.length === 0) return [];
  const changedAt = await setSessions(
    tx,
    bots.map((conversation) => conversation.conversationId),
    { state: 'agent', userId: null, reason },
  );
  const sessions = bots.map((conversation) =>
    toAgentSession({ ...conversation, state: 'agent', userId: null, username: null, reason, changedAt }),
  );
  await publishInTransaction(
    tx,
    deps,
    bots.map((conversation) => ({ type: 'conversation.handed_off', handOff: handOffOf(conversation, reason, null) })),
  );
  afterCommit(tx, () =>
    deps.realtime.toEveryoneAll(sessions.map((session) => ({ event: whatsappEventNames.sessionUpdate, payload: session }))),
  );
  return sessions;
}
