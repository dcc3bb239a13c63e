import { FilterSelect, type FilterSelectProps } from './filter-select';
import { SearchInput, type SearchInputProps } from './search-input';
import { Spinner } from './spinner';

interface SearchFilterToolbarProps<V extends string> {
  /** Extra class names of the toolbar (its layout on the page). */
  className?: string;
  search: SearchInputProps;
  filter: FilterSelectProps<V>;
  /** A spinner shows while a list already on screen is fetched again. */
  refreshing: boolean;
}

/** The search box and filter above a list, as every list page has them. */
export function SearchFilterToolbar<V extends string>({ className, search, filter, refreshing }: SearchFilterToolbarProps<V>) {
  return (
    <div className={`toolbar${className ? ` ${className}` : ''}`}>
      <SearchInput {...search} />
      <FilterSelect {...filter} />
      {refreshing && <Spinner size="small" label="Refreshing" />}
    </div>
  );
}
