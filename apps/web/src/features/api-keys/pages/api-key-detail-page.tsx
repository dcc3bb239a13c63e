import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../ui/button';
import { QueryStatus } from '../../../ui/query-status';
import { useApiKey } from '../api/get-api-key';
import { ApiKeyDetails } from '../components/api-key-details';
import { ApiKeyLogs } from '../components/api-key-logs';
import { ApiKeyUsageChart } from '../components/api-key-usage-chart';
import { RevokeApiKeyModal } from '../components/revoke-api-key-modal';
import '../components/api-keys.css';

/** /api-keys/:id: what the key is, how much it is used and how often it fails, and every call it made. */
export function ApiKeyDetailPage() {
  const id = Number(useParams().id);
  const key = useApiKey(id);
  const [revoking, setRevoking] = useState(false);
  if (key.isPending || key.isError) return <QueryStatus query={key} loadingLabel="Loading API key" />;
  const revoked = key.data.status === 'revoked';
  return (
    <div className="page api-key-detail">
      <div className="page-header">
        <h2 className="api-key-name">{key.data.name}</h2>
        {!revoked && (
          <div className="row">
            <Link className="btn btn-secondary" to={`/api-keys/${id}/edit`}>
              Edit
            </Link>
            <Button variant="danger" onClick={() => setRevoking(true)}>
              Revoke
            </Button>
          </div>
        )}
      </div>
      <div className="api-key-overview">
        <section className="card" aria-labelledby="api-key-details-title">
          <div className="card-header">
            <h2 id="api-key-details-title">Details</h2>
          </div>
          <ApiKeyDetails apiKey={key.data} />
        </section>
        <ApiKeyUsageChart keyId={id} />
      </div>
      <ApiKeyLogs keyId={id} />
      <RevokeApiKeyModal apiKey={revoking ? key.data : null} onClose={() => setRevoking(false)} />
    </div>
  );
}
