import { z } from 'zod';
import type { Role } from './auth.ts';

export const sessionStates = ['bot', 'agent', 'ended'] as const;
export const sessionStateSchema = z.enum(sessionStates);
export type SessionState = z.infer<typeof sessionStateSchema>;

export type SessionAction = 'takeover' | 'return_to_bot' | 'end';

export const DEFAULT_TAKEOVER_REASON = 'agent_takeover';
export const DEFAULT_END_REASON = 'agent_ended';

/** bot -> agent (takeover), agent -> bot (return), bot|agent -> ended (end), ended -> agent (takeover again). */
const TRANSITIONS: Record<SessionAction, { from: readonly SessionState[]; to: SessionState }> = {
  takeover: { from: ['bot', 'ended'], to: 'agent' },
  return_to_bot: { from: ['agent'], to: 'bot' },
  end: { from: ['bot', 'agent'], to: 'ended' },
};

/** The state an action leads to, or null when the action is not allowed from `current`. */
export function nextSessionState(current: SessionState, action: SessionAction): SessionState | null {
  const t = TRANSITIONS[action];
  return t.from.includes(current) ? t.to : null;
}

export const takeoverBodySchema = z
  .object({
    reason: z.string().trim().min(1).max(200).optional(),
    /** The id of the colleague the person was shown as holding the conversation: taking it from them needs it. */
    confirmHolderId: z.number().int().positive().optional(),
  })
  .default({});
export const endSessionBodySchema = z
  .object({
    reason: z.string().trim().min(1).max(200).optional(),
    sendMessage: z.boolean().default(false),
    message: z.string().trim().min(1, 'message must not be empty').max(4096).optional(),
  })
  .refine((b) => !b.sendMessage || b.message, { error: 'message is required when sendMessage is true', path: ['message'] })
  .default({ sendMessage: false });

export const agentSessionSchema = z.object({
  conversationId: z.number().int(),
  /** The customer's E.164 digits, or their BSUID when no number is known (contactAddress). */
  phone: z.string(),
  state: sessionStateSchema,
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  reason: z.string().nullable(),
  changedAt: z.iso.datetime().nullable(),
});
export type AgentSession = z.infer<typeof agentSessionSchema>;

/** Who holds a conversation someone else wants to act or write in. */
export const sessionHolderSchema = z.object({ id: z.number().int(), username: z.string() });
export type SessionHolder = z.infer<typeof sessionHolderSchema>;

/**
 * The colleague (agent or admin) holding a conversation, when it is not the viewer. Only the holder and admins write in
 * it or mark it read; anyone may take it over after confirming whom from (admins without confirming).
 */
export function colleagueHolding(
  session: { state: SessionState; userId: number | null; username: string | null },
  viewerId: number | undefined,
): SessionHolder | null {
  if (session.state !== 'agent' || session.userId === null || session.userId === viewerId) return null;
  return { id: session.userId, username: session.username ?? 'another agent' };
}

/** Whether the viewer may write in, act on (give back, end) or mark read a conversation: unless a colleague holds it; admins always. */
export function mayWriteIn(
  session: { state: SessionState; userId: number | null; username: string | null },
  viewer: { id: number; role: Role },
): boolean {
  return viewer.role === 'admin' || colleagueHolding(session, viewer.id) === null;
}

/** The `details` of the 409 refusing to act or write in a conversation a colleague holds: the console offers the takeover. */
export const heldByOtherDetailsSchema = z.object({ holder: sessionHolderSchema });
