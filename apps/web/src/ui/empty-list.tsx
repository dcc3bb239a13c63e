import type { ReactNode } from 'react';
import { Button } from './button';

interface EmptyListProps {
  /** True when filters hid every row. */
  filtered: boolean;
  /** What the list holds, in the plural: "No users match these filters." */
  what: string;
  onClearFilters: () => void;
  /** What to say when there is nothing at all. */
  children: ReactNode;
}

/** A list with no rows: when filters hid them, says so and offers to clear them; otherwise what `children` says. */
export function EmptyList({ filtered, what, onClearFilters, children }: EmptyListProps) {
  return (
    <div className="empty-state">
      {filtered ? (
        <>
          <p>{`No ${what} match these filters.`}</p>
          <Button variant="secondary" onClick={onClearFilters}>
            Clear filters
          </Button>
        </>
      ) : (
        children
      )}
    </div>
  );
}
