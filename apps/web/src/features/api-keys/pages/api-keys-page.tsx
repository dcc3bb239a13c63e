import type { ApiKey } from '@wac/contract/api-keys';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../../ui/query-status';
import { useApiKeys } from '../api/list-api-keys';
import { ApiDocsLink } from '../components/api-docs-link';
import { ApiKeysTable } from '../components/api-keys-table';
import { RevokeApiKeyModal } from '../components/revoke-api-key-modal';
import '../components/api-keys.css';

/** /api-keys: every key with what it may call and how much it is used; revoked keys stay listed with their logs. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = keys.data?.keys ?? [];
  const active = list.filter((k) => k.status === 'active').length;

  return (
    <div className="page api-keys-page">
      <div className="page-header">
        <p className="muted api-keys-count">{keys.data ? `${list.length} ${list.length === 1 ? 'key' : 'keys'}, ${active} active` : ''}</p>
        <Link className="btn btn-primary" to="/api-keys/new">
          New API key
        </Link>
      </div>
      <section className="card" aria-label="API keys">
        {keys.isPending || keys.isError ? (
          <QueryStatus query={keys} loadingLabel="Loading API keys" />
        ) : list.length === 0 ? (
          <div className="empty-state">
            <h2>No API keys yet</h2>
            <p>
              A key lets your shop, CRM or ticketing system send WhatsApp messages through the API: order updates, one-time codes, answers
              to tickets. Each key calls only what its scopes allow, and every call it makes is logged here.
            </p>
            <p className="api-keys-empty-actions">
              <Link className="btn btn-primary" to="/api-keys/new">
                Create your first key
              </Link>
              <ApiDocsLink className="btn btn-secondary">Read the API docs</ApiDocsLink>
            </p>
          </div>
        ) : (
          <ApiKeysTable keys={list} onRevoke={setRevoking} />
        )}
      </section>
      <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
