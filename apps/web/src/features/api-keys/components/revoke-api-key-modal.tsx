import type { ApiKey } from '@wac/contract/api-keys';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Asks before revoking: every call with the key is refused from then on, and it cannot be turned back on. */
export function RevokeApiKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDeleteModal
      item={apiKey}
      title="Revoke API key"
      failure="Failed to revoke API key"
      onDelete={(key) => revoke.mutateAsync(key.id)}
      deleted={(key) => `${key.name} revoked`}
      onClose={onClose}
    >
      {(key) => (
        <p>
          Revoke <strong>{key.name}</strong>? Every call made with it is refused from now on, and it cannot be turned back on. Its log
          stays.
        </p>
      )}
    </ConfirmDeleteModal>
  );
}
