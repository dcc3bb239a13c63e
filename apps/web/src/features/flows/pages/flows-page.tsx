import { useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { EmptyList } from '../../../ui/empty-list';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { SearchFilterToolbar } from '../../../ui/search-filter-toolbar';
import { type FlowsQuery, useFlows } from '../api/list-flows';
import { FlowsTable } from '../components/list/flows-table';
import '../components/list/flows-list.css';

/** Spec 7: listflows pages by 10. */
export const FLOWS_PAGE_SIZE = 10;
const activeOptions = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

export function FlowsPage() {
  const [search, setSearch] = useState('');
  const [isActive, setIsActive] = useState<FlowsQuery['isActive']>('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search, 300);
  const flows = useFlows({ page, limit: FLOWS_PAGE_SIZE, search: debouncedSearch, isActive });
  const list = flows.data?.flows ?? [];
  const pagination = flows.data?.pagination;
  const filtered = debouncedSearch.trim() !== '' || isActive !== '';
  // A page left empty by a delete moves back to the last page that exists.
  if (pagination && pagination.total > 0 && page > pagination.totalPages) setPage(pagination.totalPages);
  const clear = () => {
    setSearch('');
    setIsActive('');
    setPage(1);
  };

  return (
    <div className="page flows-page">
      <div className="page-header">
        <p className="muted flows-count">
          {pagination ? `${pagination.total} ${pagination.total === 1 ? 'flow' : 'flows'}${filtered ? ' found' : ''}` : ''}
        </p>
        <Link className="btn btn-primary" to="/bot-flows/new">
          New flow
        </Link>
      </div>
      <section className="card" aria-label="Bot flows">
        <SearchFilterToolbar
          className="flows-toolbar"
          search={{
            value: search,
            label: 'Search flows',
            placeholder: 'Search by name',
            className: 'flows-search',
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
          filter={{
            label: 'Filter by status',
            allLabel: 'Active and inactive',
            value: isActive,
            options: activeOptions,
            onChange: (value) => {
              setIsActive(value);
              setPage(1);
            },
          }}
          refreshing={flows.isFetching && !flows.isPending}
        />
        {flows.isPending || flows.isError ? (
          <QueryStatus query={flows} loadingLabel="Loading flows" />
        ) : list.length === 0 ? (
          <EmptyList filtered={filtered} what="flows" onClearFilters={clear}>
            <h2>No bot flows yet</h2>
            <p>
              A flow answers customers for you: it greets them, asks with buttons, branches on their answers and hands over to an agent.
            </p>
            <Link className="btn btn-primary flows-empty-action" to="/bot-flows/new">
              Build your first flow
            </Link>
          </EmptyList>
        ) : (
          <FlowsTable flows={list} />
        )}
        {pagination && (
          <Pager label="Flows pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
        )}
      </section>
    </div>
  );
}
