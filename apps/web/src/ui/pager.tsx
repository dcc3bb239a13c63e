import { Button } from './button';

interface PagerProps {
  page: number;
  limit: number;
  total: number;
  /** Names the navigation for screen readers, e.g. 'Users pages'. */
  label: string;
  onPage: (page: number) => void;
}

export function Pager({ page, limit, total, label, onPage }: PagerProps) {
  if (total === 0) return null;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="pagination" aria-label={label}>
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
