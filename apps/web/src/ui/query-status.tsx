import { errorMessage } from '../lib/api-client';
import { Button } from './button';
import { Spinner } from './spinner';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a section shows while its data loads or after it failed (with a retry); nothing once the data is there. */
export function QueryStatus({ query, loadingLabel }: { query: QueryLike; loadingLabel: string }) {
  if (query.isPending) {
    return (
      <div className="empty-state">
        <Spinner size="medium" label={loadingLabel} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{errorMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}
