import type { Pagination } from '@wac/contract/common';
import { Button } from '../../../ui/button';

interface UsersPagerProps {
  pagination: Pagination;
  onPage: (page: number) => void;
}

export function UsersPager({ pagination, onPage }: UsersPagerProps) {
  const { page, limit, total, totalPages } = pagination;
  if (total === 0) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="pagination" aria-label="Users pages">
      <span className="muted">
        {first}–{last} of {total}
      </span>
      {totalPages > 1 && (
        <div className="row">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="muted">
            Page {page} of {totalPages}
          </span>
          <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}
