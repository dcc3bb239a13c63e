import type { SessionHolder } from '@wac/contract/agent-sessions';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { mediaSizeError, useSendMedia } from '../api/send-media';
import { useSendMessage } from '../api/send-message';
import { refusingHolder, useChangeSession } from '../api/session-actions';
import { AttachmentPreview } from './attachment-preview';
import { HeldByNotice } from './held-by-notice';
import { useTypingIndicator } from './use-typing-indicator';

interface ComposerProps {
  phone: string;
  recipientName: string | undefined;
  conversationId: number;
  /** The business number the conversation is on: what is sent leaves from it. */
  from?: string;
}

/** Text (Enter sends, Shift+Enter starts a new line) or one file with a caption. */
export function Composer({ phone, recipientName, conversationId, from }: ComposerProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A colleague holds the conversation: the send was refused, and what was written stays for after the takeover.
  const [heldBy, setHeldBy] = useState<SessionHolder | null>(null);
  const changeSession = useChangeSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const sendText = useSendMessage();
  const typing = useTypingIndicator(conversationId);
  const sendFile = useSendMedia();
  const busy = sendText.isPending || sendFile.isPending;
  const canSend = !busy && (file !== null || text.trim() !== '');

  const refused = (e: unknown, fallback: string) => {
    const holder = refusingHolder(e);
    if (holder) setHeldBy(holder);
    else setError(errorMessage(e, fallback));
  };

  const takeOver = async (holder: SessionHolder) => {
    await changeSession.mutateAsync({ action: 'takeover', conversationId, confirmHolderId: holder.id });
    setHeldBy(null);
    textArea.current?.focus();
  };

  const submit = () => {
    if (!canSend) return;
    setError(null);
    setHeldBy(null);
    if (file) {
      sendFile.mutate(
        { file, recipientPhone: phone, recipientName, caption, from },
        {
          onSuccess: () => {
            setFile(null);
            setCaption('');
          },
          onError: (e) => refused(e, 'Failed to send media'),
        },
      );
      return;
    }
    sendText.mutate(
      { recipientPhone: phone, recipientName, message: text, from },
      {
        onSuccess: () => {
          setText('');
          textArea.current?.focus();
        },
        onError: (e) => refused(e, 'Failed to send message'),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const chooseFile = (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    const tooLarge = mediaSizeError(chosen);
    setError(tooLarge);
    if (!tooLarge) setFile(chosen);
  };

  return (
    <form
      className="composer"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit();
      }}
    >
      {heldBy && <HeldByNotice holder={heldBy} onTakeOver={takeOver} />}
      {error && (
        <p className="composer-error" role="alert">
          {error}
        </p>
      )}
      <div className="composer-row">
        <input ref={fileInput} type="file" hidden onChange={(e) => chooseFile(e.target.files?.[0])} />
        <button
          type="button"
          className="icon-button"
          aria-label="Attach file"
          title="Attach file"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          <Icon name="paperclip" />
        </button>
        {file ? (
          <div className="composer-attachment">
            <AttachmentPreview file={file} />
            <span className="composer-file" title={file.name}>
              {file.name}
            </span>
            <button
              type="button"
              className="link-button small"
              onClick={() => {
                setFile(null);
                setError(null);
              }}
              disabled={busy}
            >
              Remove
            </button>
            <input
              className="input"
              aria-label="Caption"
              placeholder="Add a caption (optional)"
              maxLength={1024}
              value={caption}
              readOnly={busy}
              onChange={(e) => setCaption(e.target.value)}
            />
          </div>
        ) : (
          <textarea
            ref={textArea}
            className="input composer-text"
            aria-label="Type a message"
            placeholder="Type a message"
            rows={Math.min(6, Math.max(1, text.split('\n').length))}
            maxLength={4096}
            value={text}
            readOnly={busy}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
              typing();
            }}
            onKeyDown={onKeyDown}
          />
        )}
        <Button type="submit" disabled={!canSend} loading={busy} aria-label="Send">
          <Icon name="send" size={18} />
          Send
        </Button>
      </div>
    </form>
  );
}
