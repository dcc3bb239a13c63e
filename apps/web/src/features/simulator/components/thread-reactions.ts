import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';

/**
 * Reactions are messages of their own that point at another one; the phone shows them on that message instead.
 * The latest reaction wins and an empty emoji takes it away, as on WhatsApp.
 */
export function withReactions(messages: SandboxMessage[]): { shown: SandboxMessage[]; reactions: Map<string, string> } {
  const reactions = new Map<string, string>();
  const shown: SandboxMessage[] = [];
  for (const m of messages) {
    if (m.type !== 'reaction') shown.push(m);
    else if (m.reaction?.emoji) reactions.set(m.reaction.messageId, m.reaction.emoji);
    else if (m.reaction) reactions.delete(m.reaction.messageId);
  }
  return { shown, reactions };
}
