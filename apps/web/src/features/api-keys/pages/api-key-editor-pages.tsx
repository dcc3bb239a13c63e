import type { ApiKeyCreated } from '@wac/contract/api-keys';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSettings } from '../../../lib/app-settings';
import { QueryStatus } from '../../../ui/query-status';
import { useToast } from '../../../ui/toasts';
import { useApiKey } from '../api/get-api-key';
import { useCreateApiKey, useUpdateApiKey } from '../api/save-api-key';
import { ApiKeyForm } from '../components/api-key-form';
import { emptyApiKeyForm, formValuesOf } from '../components/api-key-form-values';
import { KeyCreated } from '../components/key-created';
import '../components/api-keys.css';

/** /api-keys/new: the form, then the secret once; leaving the page forgets the secret. */
export function NewApiKeyPage() {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <div className="page api-key-editor">
      {created ? (
        <KeyCreated created={created} />
      ) : (
        <section className="card">
          <ApiKeyForm
            initial={emptyApiKeyForm}
            submitLabel="Create API key"
            saving={create.isPending}
            cancelTo="/api-keys"
            onSubmit={async (body) => setCreated(await create.mutateAsync(body))}
          />
        </section>
      )}
    </div>
  );
}

/** /api-keys/:id/edit: the same form, filled in; the secret stays as it is. */
export function EditApiKeyPage() {
  const id = Number(useParams().id);
  const key = useApiKey(id);
  const update = useUpdateApiKey();
  const zone = useAppSettings()['app.timezone'];
  const navigate = useNavigate();
  const toast = useToast();
  if (key.isPending || key.isError) return <QueryStatus query={key} loadingLabel="Loading API key" />;
  const back = `/api-keys/${id}`;
  return (
    <div className="page api-key-editor">
      <div className="page-header">
        <p className="muted">
          Editing <Link to={back}>{key.data.name}</Link>
        </p>
      </div>
      {key.data.status === 'revoked' ? (
        <div className="status-banner status-banner-warning" role="status">
          A revoked key can no longer be changed. <Link to={back}>Back to the key</Link>
        </div>
      ) : (
        <section className="card">
          <ApiKeyForm
            key={key.data.id}
            initial={formValuesOf(key.data, zone)}
            submitLabel="Save changes"
            saving={update.isPending}
            cancelTo={back}
            onSubmit={async (body) => {
              const saved = await update.mutateAsync({ id, body });
              toast.show({ type: 'success', title: `${saved.name} saved` });
              navigate(back);
            }}
          />
        </section>
      )}
    </div>
  );
}
