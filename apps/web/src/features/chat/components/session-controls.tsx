import { colleagueHolding, nextSessionState, type SessionHolder } from '@wac/contract/agent-sessions';
import type { ConversationSummary } from '@wac/contract/chat';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toasts';
import { type SessionRequest, useChangeSession } from '../api/session-actions';
import { EndConversationModal } from './end-conversation-modal';
import { TakeOverModal } from './take-over-modal';

/**
 * Take over (from the bot, unclaimed after the bot's handoff, or from a colleague after confirming), give it back, or end the conversation: only what
 * the current state allows. Only an admin may give back or end a conversation a colleague holds.
 */
export function SessionControls({ conversation }: { conversation: ConversationSummary }) {
  const change = useChangeSession();
  const toast = useToast();
  const { user } = useAuth();
  const [ending, setEnding] = useState(false);
  const [confirming, setConfirming] = useState<SessionHolder | null>(null);
  const state = conversation.session.state;
  const conversationId = conversation.id;
  const colleague = colleagueHolding(conversation.session, user?.id);
  const mayManage = colleague === null || user?.role === 'admin';
  // Handed to the agents by the bot, nobody has claimed it yet: anyone may.
  const unclaimed = state === 'agent' && conversation.session.userId === null;

  const run = (request: SessionRequest, onDone?: () => void) =>
    change.mutate(request, {
      onSuccess: onDone,
      onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'The conversation could not be changed') }),
    });
  const pending = (action: SessionRequest['action']) => change.isPending && change.variables?.action === action;

  return (
    <div className="session-controls">
      {(nextSessionState(state, 'takeover') || colleague || unclaimed) && (
        <Button
          variant="primary"
          className="btn-small"
          loading={pending('takeover')}
          disabled={change.isPending}
          onClick={() => (colleague ? setConfirming(colleague) : run({ action: 'takeover', conversationId }))}
        >
          Take over
        </Button>
      )}
      {mayManage && nextSessionState(state, 'return_to_bot') && (
        <Button
          variant="secondary"
          className="btn-small"
          loading={pending('return-to-bot')}
          disabled={change.isPending}
          onClick={() => run({ action: 'return-to-bot', conversationId })}
        >
          Return to bot
        </Button>
      )}
      {mayManage && nextSessionState(state, 'end') && (
        <Button variant="secondary" className="btn-small" disabled={change.isPending} onClick={() => setEnding(true)}>
          End conversation
        </Button>
      )}
      <TakeOverModal
        holder={confirming}
        onClose={() => setConfirming(null)}
        onTakeOver={(holder) => change.mutateAsync({ action: 'takeover', conversationId, confirmHolderId: holder.id })}
      />
      <EndConversationModal
        open={ending}
        busy={pending('end')}
        onClose={() => setEnding(false)}
        onConfirm={(message) =>
          run({ action: 'end', conversationId, body: message ? { sendMessage: true, message } : { sendMessage: false } }, () =>
            setEnding(false),
          )
        }
      />
    </div>
  );
}
