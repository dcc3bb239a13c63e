import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { Modal } from '../../../ui/modal';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { useOutboxMessage } from '../api/get-outbox-message';
import { useOutbox } from '../api/list-outbox';

export function OutboxSection() {
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<string | null>(null);

  if (outbox.isPending || outbox.isError) return <QueryStatus query={outbox} loadingLabel="Loading the outbox" />;

  const { messages, total } = outbox.data;
  return (
    <div className="stack">
      <div className="toolbar outbox-toolbar">
        <span className="muted">
          {total === 0 ? 'No messages' : total === 1 ? '1 message' : `${total} messages`}
          {total > messages.length ? `, newest ${messages.length} shown` : ''}
        </span>
        <Button variant="ghost" onClick={() => outbox.refetch()} loading={outbox.isFetching}>
          Refresh
        </Button>
      </div>
      {messages.length === 0 ? (
        <div className="empty-state">
          <p>The outbox is empty.</p>
          <p className="muted">While no SMTP server is configured, password resets, verification and test emails are kept here to read.</p>
        </div>
      ) : (
        <DataTable columns={['To', 'Subject', 'Kept']}>
          {messages.map((m) => (
            <tr key={m.id} className="is-clickable" onClick={() => setOpenId(m.id)}>
              <td>{m.to}</td>
              <td>
                <button type="button" className="link-button" onClick={() => setOpenId(m.id)}>
                  {m.subject}
                </button>
              </td>
              <td title={formatDateTime(m.createdAt)}>{formatRelativeTime(m.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <OutboxMessageModal id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function OutboxMessageModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  // Keeps showing the last message while the modal fades out.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const message = useOutboxMessage(shownId);
  return (
    <Modal open={id !== null} onClose={onClose} title={message.data?.subject ?? 'Email'} size="lg">
      {message.isPending ? (
        <Spinner size="medium" label="Loading the email" />
      ) : message.isError ? (
        <p role="alert">{errorMessage(message.error)}</p>
      ) : (
        <div className="stack">
          <dl className="details">
            <dt>To</dt>
            <dd>{message.data.to}</dd>
            <dt>Subject</dt>
            <dd>{message.data.subject}</dd>
            <dt>Kept</dt>
            <dd>{formatDateTime(message.data.createdAt)}</dd>
          </dl>
          <pre className="mail-body mono-panel">{message.data.text}</pre>
        </div>
      )}
    </Modal>
  );
}
