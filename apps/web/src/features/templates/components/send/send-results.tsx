import { formatAddress } from '@wac/contract/whatsapp-user-id';
import { DataTable } from '../../../../ui/data-table';

export interface RecipientResult {
  phone: string;
  state: 'sending' | 'sent' | 'failed';
  error?: string;
}

/** Each recipient's outcome as the sends go out: sent, or failed with the reason. */
export function SendResults({ results }: { results: RecipientResult[] }) {
  if (results.length === 0) return null;
  const sent = results.filter((r) => r.state === 'sent').length;
  const failed = results.filter((r) => r.state === 'failed').length;
  return (
    <section className="card" aria-label="Send results">
      <div className="card-header">
        <h2>Results</h2>
        <span className="muted">
          {sent} sent{failed > 0 ? `, ${failed} failed` : ''}
          {sent + failed < results.length ? `, ${results.length - sent - failed} to go` : ''}
        </span>
      </div>
      <DataTable columns={['Recipient', 'Result']}>
        {results.map((r) => (
          <tr key={r.phone}>
            <td className="mono">{formatAddress(r.phone)}</td>
            <td>
              {r.state === 'sending' && <span className="badge badge-muted">Sending…</span>}
              {r.state === 'sent' && <span className="badge badge-success">Sent</span>}
              {r.state === 'failed' && (
                <span className="send-failure">
                  <span className="badge badge-danger">Failed</span> {r.error}
                </span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
