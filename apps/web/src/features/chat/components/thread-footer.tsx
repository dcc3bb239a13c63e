import type { ConversationSummary } from '@wac/contract/chat';
import { formatDateTime } from '../../../lib/format-date';
import { Composer } from './composer';
import { isWindowOpen, windowCountdownText, windowExpiry } from './service-window';
import { TemplatePrompt } from './template-prompt';
import { useNow } from './use-now';

/** While the customer service window is open: its countdown and the composer; after that, the template prompt. */
export function ThreadFooter({ conversation, phone }: { conversation: ConversationSummary | null; phone: string }) {
  const now = useNow(15_000);
  const expiry = windowExpiry(conversation);
  if (!conversation || !expiry || !isWindowOpen(expiry, now))
    return <TemplatePrompt phone={phone} recipientName={conversation?.contact.name ?? undefined} />;
  return (
    <div className="thread-footer">
      <p className="window-countdown" title={`The customer can be answered freely until ${formatDateTime(expiry)}`}>
        {windowCountdownText(expiry, now)}
      </p>
      <Composer phone={phone} recipientName={conversation.contact.name ?? undefined} conversationId={conversation.id} />
    </div>
  );
}
