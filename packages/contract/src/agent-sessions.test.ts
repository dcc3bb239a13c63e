import { describe, expect, it } from 'vitest';
import { colleagueHolding, mayWriteIn } from './agent-sessions.ts';

const heldBy = (userId: number | null, state: 'bot' | 'agent' | 'ended' = 'agent') => ({ state, userId, username: userId ? 'bob' : null });
const agent = { id: 1, role: 'agent' as const };
const admin = { id: 9, role: 'admin' as const };

describe('who may write in, act on or mark read a conversation', () => {
  it('is anyone while no colleague holds it: the bot, nobody yet after a handoff, the viewer, or an ended one', () => {
    for (const session of [heldBy(null, 'bot'), heldBy(null), heldBy(1), heldBy(2, 'ended')]) {
      expect(colleagueHolding(session, agent.id)).toBeNull();
      expect(mayWriteIn(session, agent)).toBe(true);
    }
  });

  it('is the holder and admins once a colleague holds it', () => {
    expect(colleagueHolding(heldBy(2), agent.id)).toEqual({ id: 2, username: 'bob' });
    expect(mayWriteIn(heldBy(2), agent)).toBe(false);
    expect(mayWriteIn(heldBy(2), admin)).toBe(true);
  });
});
