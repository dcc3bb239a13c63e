import { nextSessionState } from '@wac/contract/agent-sessions';
import type { ConversationSummary } from '@wac/contract/chat';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toasts';
import { type SessionRequest, useChangeSession } from '../api/session-actions';
import { EndConversationModal } from './end-conversation-modal';

/** Take over from the bot, give it back, or end the conversation: only what the current state allows. */
export function SessionControls({ conversation }: { conversation: ConversationSummary }) {
  const change = useChangeSession();
  const toast = useToast();
  const [ending, setEnding] = useState(false);
  const state = conversation.session.state;
  const conversationId = conversation.id;

  const run = (request: SessionRequest, onDone?: () => void) =>
    change.mutate(request, {
      onSuccess: onDone,
      onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'The conversation could not be changed') }),
    });
  const pending = (action: SessionRequest['action']) => change.isPending && change.variables?.action === action;

  return (
    <div className="session-controls">
      {nextSessionState(state, 'takeover') && (
        <Button
          variant="primary"
          className="btn-small"
          loading={pending('takeover')}
          disabled={change.isPending}
          onClick={() => run({ action: 'takeover', conversationId })}
        >
          Take over
        </Button>
      )}
      {nextSessionState(state, 'return_to_bot') && (
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
      {nextSessionState(state, 'end') && (
        <Button variant="secondary" className="btn-small" disabled={change.isPending} onClick={() => setEnding(true)}>
          End conversation
        </Button>
      )}
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
