import type { ChatMessage } from '@wac/contract/chat';
import { inTransaction } from '../../realtime/after-commit.ts';
import { deliverAgentMessage, openConversation, takeOverOnSend } from './agent-sends.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { queueAgentMessage, recipientOf } from './queue-outbound.ts';
import type { SessionActor } from './session-transitions.ts';

/** POST /api/agent/message: an agent's text to a customer, inside the service window. */
export async function sendText(
  deps: MessagingDeps,
  actor: SessionActor,
  input: { recipientPhone: string; recipientName?: string; message: string },
): Promise<ChatMessage> {
  const recipient = recipientOf(input);
  const { message, waId } = await inTransaction(deps.db, async (tx) => {
    const conversation = await openConversation(tx, deps, recipient);
    const message = await queueAgentMessage(tx, deps, conversation, actor, { type: 'text', content: { text: input.message } });
    await takeOverOnSend(tx, deps, conversation, actor);
    return { message, waId: conversation.waId };
  });
  return deliverAgentMessage(deps, message, actor, () => deps.client.sendText(waId, input.message));
}
