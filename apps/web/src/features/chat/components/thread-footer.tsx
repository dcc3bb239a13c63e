import type { ConversationSummary } from '@wac/contract/chat';
import { formatDateTime } from '../../../lib/format-date';
import { Composer } from './composer';
import { isWindowOpen, windowCountdownText, windowExpiry } from './service-window';
import { TemplatePrompt } from './template-prompt';
import { useNow } from './use-now';

interface ThreadFooterProps {
  conversation: ConversationSummary | null;
  phone: string;
  /** The number the URL names, for a conversation that does not exist yet. */
  phoneNumberId?: string | null;
}

/**
 * While the customer service window is open: its countdown and the composer; after that, the template prompt. Either
 * sends from the conversation's business number, so the reply reaches the customer in the conversation they see.
 */
export function ThreadFooter({ conversation, phone, phoneNumberId = null }: ThreadFooterProps) {
  const now = useNow(15_000);
  const expiry = windowExpiry(conversation);
  const from = conversation?.phoneNumberId ?? phoneNumberId ?? undefined;
  if (!conversation || !expiry || !isWindowOpen(expiry, now))
    return <TemplatePrompt phone={phone} recipientName={conversation?.contact.name ?? undefined} from={from} />;
  return (
    <div className="thread-footer">
      <p className="window-countdown" title={`The customer can be answered freely until ${formatDateTime(expiry)}`}>
        {windowCountdownText(expiry, now)}
      </p>
      <Composer phone={phone} recipientName={conversation.contact.name ?? undefined} conversationId={conversation.id} from={from} />
    </div>
  );
}
