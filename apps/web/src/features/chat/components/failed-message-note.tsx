import type { ChatMessage } from '@wac/contract/chat';
import { describeWhatsAppError } from '@wac/contract/whatsapp-errors';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toasts';
import { useRetryMessage } from '../api/retry-message';

/** Why a message failed, in Meta's words and ours, with a way to send it again. */
export function FailedMessageNote({ message }: { message: ChatMessage }) {
  const retry = useRetryMessage();
  const toast = useToast();
  const info = describeWhatsAppError(message.error?.code ?? undefined, message.error?.title ?? undefined);
  return (
    <div className="message-failed">
      <strong>{info.title}</strong>
      <p>{info.explanation}</p>
      {message.error?.code != null && <p className="small">WhatsApp error {message.error.code}</p>}
      <Button
        variant="secondary"
        className="btn-small"
        loading={retry.isPending}
        onClick={() =>
          retry.mutate(message.id, {
            onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'Failed to retry the message') }),
          })
        }
      >
        Retry
      </Button>
    </div>
  );
}
