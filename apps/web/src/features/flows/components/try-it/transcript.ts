import type { BotReply, FlowSessionState } from '@wac/contract/flows';

/** One line of the Try it conversation. */
export type TranscriptEntry =
  | { kind: 'bot'; reply: BotReply }
  | { kind: 'customer'; text: string }
  | { kind: 'status'; text: string; tone: 'info' | 'warning' };

const endings: Record<string, string> = {
  completed: 'The flow finished.',
  handoff: 'The customer was handed off to an agent.',
  idle: 'The conversation ended: the customer did not answer.',
  timeout: 'The conversation ended: the question timed out.',
  agent_takeover: 'An agent took the conversation over.',
  loop_guard: 'The conversation was stopped: the flow went round in circles.',
  ended: 'The conversation was ended.',
  error: 'The conversation ended with an error.',
};

/** What a session answer adds to the conversation: the bot's replies, then how it ended, if it did. */
export function entriesOf(state: FlowSessionState): TranscriptEntry[] {
  const entries: TranscriptEntry[] = state.replies.map((reply) => ({ kind: 'bot', reply }));
  if (state.handedOff && state.endedReason !== 'handoff') entries.push({ kind: 'status', text: endings.handoff as string, tone: 'info' });
  if (state.status === 'ended') {
    const reason = state.endedReason ?? 'ended';
    entries.push({
      kind: 'status',
      text: endings[reason] ?? `The conversation ended (${reason}).`,
      tone: reason === 'error' ? 'warning' : 'info',
    });
  }
  return entries;
}

/** The index of the last reply with buttons or a list: only it can still be answered by a tap. */
export function lastInteractive(entries: readonly TranscriptEntry[]): number {
  for (let k = entries.length - 1; k >= 0; k--) {
    const entry = entries[k];
    if (entry?.kind === 'customer') return -1;
    if (entry?.kind === 'bot' && (entry.reply.type === 'buttons' || entry.reply.type === 'list')) return k;
  }
  return -1;
}
