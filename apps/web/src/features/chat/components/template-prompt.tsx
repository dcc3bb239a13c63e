import { Suspense, useState } from 'react';
import { useTemplateSender } from '../../../lib/template-sender';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useChatCache } from '../api/chat-cache';

/**
 * Takes the composer's place once the 24-hour window is closed: only an approved template may
 * reopen the conversation. The button opens the templates feature's send dialog for this customer.
 */
export function TemplatePrompt({ phone, recipientName, from }: { phone: string; recipientName?: string; from?: string }) {
  const Sender = useTemplateSender();
  const cache = useChatCache();
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so the dialog can fade out when closed.
  const [opened, setOpened] = useState(false);
  return (
    <div className="template-prompt" role="status">
      <p>The 24-hour window is closed. Send a template to reopen the conversation.</p>
      <Button
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        disabled={!Sender}
      >
        Send a template
      </Button>
      {Sender && opened && (
        <Suspense fallback={<Spinner size="small" label="Loading templates" />}>
          <Sender
            phone={phone}
            recipientName={recipientName}
            from={from}
            open={open}
            onClose={() => setOpen(false)}
            onSent={(message) => cache.addMessage(message, phone, from)}
          />
        </Suspense>
      )}
    </div>
  );
}
