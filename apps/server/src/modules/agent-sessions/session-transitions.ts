import { type AgentSession, nextSessionState, type SessionAction, type SessionState } from '@wac/contract/agent-sessions';
import type { Role } from '@wac/contract/auth';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import type { Tx } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { ActivityService } from '../activities/activities.service.ts';
import { type ConversationSession, setSession, toAgentSession } from './agent-sessions.repository.ts';

export interface SessionActor {
  id: number;
  username: string;
  role: Role;
}

export interface SessionDeps {
  activities: ActivityService;
  realtime: Realtime;
}

export interface TransitionResult {
  session: AgentSession;
  changed: boolean;
  /** Call after commit: the activity's notifications and the session event. */
  publish: () => void;
}

export const RETURN_TO_BOT_REASON = 'returned_to_bot';

const activityTypes: Record<SessionAction, string> = {
  takeover: 'agent_takeover',
  return_to_bot: 'agent_return_to_bot',
  end: 'agent_session_ended',
};

/** Only an admin may act on, or write in, a conversation another agent holds: anyone else gets a 409 naming the holder. */
export function assertNotHeldByOther(current: ConversationSession, actor: SessionActor): void {
  const heldByOther = current.state === 'agent' && current.userId !== null && current.userId !== actor.id;
  if (heldByOther && actor.role !== 'admin') throw conflict(`This conversation is handled by ${current.username ?? 'another agent'}`);
}

/** The state `action` leads to, or a 409 saying why not. */
function nextStateFor(current: ConversationSession, action: SessionAction, actor: SessionActor): SessionState {
  assertNotHeldByOther(current, actor);
  // An admin taking it from another agent, or anyone from a holder whose account is gone: it stays with an agent.
  if (action === 'takeover' && current.state === 'agent') return 'agent';
  const next = nextSessionState(current.state, action);
  if (!next) throw conflict(action === 'end' ? 'This conversation has already ended' : 'This conversation is not held by an agent');
  return next;
}

/**
 * Moves a conversation's session, locked by the caller, and writes its activity in the same
 * transaction. A takeover by the agent who already holds it changes nothing.
 */
export async function transitionSession(
  tx: Tx,
  deps: SessionDeps,
  input: { conversation: ConversationSession; action: SessionAction; actor: SessionActor; reason: string | null },
): Promise<TransitionResult> {
  const { conversation: current, action, actor, reason } = input;
  if (action === 'takeover' && current.state === 'agent' && current.userId === actor.id) {
    return { session: toAgentSession(current), changed: false, publish: () => {} };
  }
  const state = nextStateFor(current, action, actor);
  const userId = state === 'bot' ? null : actor.id;
  const changedAt = await setSession(tx, current.conversationId, { state, userId, reason });
  const session = toAgentSession({ ...current, state, userId, username: userId === null ? null : actor.username, reason, changedAt });
  const recipient = formatE164(current.phone);
  const { publish: publishActivity } = await deps.activities.record(
    {
      type: activityTypes[action],
      sourceType: 'whatsapp',
      userId: actor.id,
      data: {
        username: actor.username,
        name: current.contactName ?? recipient,
        recipient,
        details: reason ?? undefined,
        conversationId: current.conversationId,
        previousState: current.state,
        ...(current.state === 'agent' && current.username && current.userId !== actor.id ? { previousAgent: current.username } : {}),
      },
    },
    tx,
  );
  return {
    session,
    changed: true,
    publish: () => {
      publishActivity();
      deps.realtime.toEveryone(whatsappEventNames.sessionUpdate, session);
    },
  };
}
