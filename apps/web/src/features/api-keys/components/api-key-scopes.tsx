import type { ApiKeyScope } from '@wac/contract/api-keys';

/** A key's scopes as chips, as the list and the details show them. */
export function ApiKeyScopes({ scopes }: { scopes: readonly ApiKeyScope[] }) {
  return (
    <span className="api-key-scopes-list">
      {scopes.map((scope) => (
        <span key={scope} className="chip mono">
          {scope}
        </span>
      ))}
    </span>
  );
}
