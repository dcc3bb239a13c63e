import { FilterSelect, type FilterSelectProps } from './filter-select';
import { Spinner } from './spinner';

interface SearchFilterToolbarProps<V extends string> {
  /** Extra class names of the toolbar (its layout on the page). */
  className?: string;
  search: { value: string; label: string; placeholder: string; className?: string; onChange: (value: string) => void };
  filter: FilterSelectProps<V>;
  /** A spinner shows while a list already on screen is fetched again. */
  refreshing: boolean;
}

/** The search box and filter above a list, as every list page has them. */
export function SearchFilterToolbar<V extends string>({ className, search, filter, refreshing }: SearchFilterToolbarProps<V>) {
  return (
    <div className={`toolbar${className ? ` ${className}` : ''}`}>
      <input
        type="search"
        className={`input${search.className ? ` ${search.className}` : ''}`}
        placeholder={search.placeholder}
        aria-label={search.label}
        value={search.value}
        onChange={(e) => search.onChange(e.target.value)}
      />
      <FilterSelect {...filter} />
      {refreshing && <Spinner size="small" label="Refreshing" />}
    </div>
  );
}
