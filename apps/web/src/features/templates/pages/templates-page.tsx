import { type Template, templateCategories, templateStatuses } from '@wac/contract/templates';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { EmptyList } from '../../../ui/empty-list';
import { FilterSelect } from '../../../ui/filter-select';
import { HeaderActions, HeaderSearch } from '../../../ui/header-slots';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toasts';
import { type TemplateFilters, useTemplateSearch } from '../api/search-templates';
import { useSyncTemplates } from '../api/sync-templates';
import { useTemplateConstants } from '../api/template-constants';
import { DeleteTemplateModal } from '../components/delete-template-modal';
import { codeLabel } from '../components/template-status';
import { TemplatesTable } from '../components/templates-table';
import { useTemplateLiveUpdates } from '../components/use-template-live-updates';
import '../components/templates.css';

const PAGE_SIZE = 20;
const noFilters: TemplateFilters = { category: '', status: '', language: '', name: '' };
const categoryFilter = {
  label: 'Filter by category',
  allLabel: 'All categories',
  options: templateCategories.map((c) => ({ value: c, label: codeLabel(c) })),
};
const statusFilter = {
  label: 'Filter by status',
  allLabel: 'All statuses',
  options: templateStatuses.map((s) => ({ value: s, label: codeLabel(s) })),
};

function SyncButton() {
  const sync = useSyncTemplates();
  const toast = useToast();
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (r) =>
        toast.show({
          type: 'success',
          title: 'Templates synced with Meta',
          help: `${r.created} new, ${r.updated} changed, ${r.removed} removed`,
        }),
      onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'Failed to sync templates') }),
    });
  return (
    <Button variant="secondary" loading={sync.isPending} onClick={run}>
      Sync now
    </Button>
  );
}

export function TemplatesPage() {
  const isAdmin = useAuth().user?.role === 'admin';
  const [filters, setFilters] = useState(noFilters);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const name = useDebouncedValue(filters.name, 300);
  const search = useTemplateSearch({ ...filters, name }, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const languages = useTemplateConstants().data?.languages ?? [];
  useTemplateLiveUpdates();

  const filter = (patch: Partial<TemplateFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v.trim() !== '');
  const list = search.data?.templates ?? [];
  const total = search.data?.total ?? 0;
  // A page left empty by a delete moves back to the last page that exists.
  if (search.data && list.length === 0 && page > 1 && total > 0) setPage(Math.ceil(total / PAGE_SIZE));

  return (
    <div className="page templates-page">
      <HeaderSearch value={filters.name} onChange={(v) => filter({ name: v })} label="Search templates by name" />
      <HeaderActions>
        <div className="row">
          {isAdmin && <SyncButton />}
          <Link className="btn btn-secondary" to="/templates/send">
            Send template
          </Link>
          {isAdmin && (
            <Link className="btn btn-primary" to="/templates/create">
              New template
            </Link>
          )}
        </div>
      </HeaderActions>

      <div className="card">
        <div className="toolbar templates-toolbar">
          <FilterSelect {...categoryFilter} value={filters.category} onChange={(category) => filter({ category })} />
          <FilterSelect {...statusFilter} value={filters.status} onChange={(status) => filter({ status })} />
          <FilterSelect
            label="Filter by language"
            allLabel="All languages"
            value={filters.language}
            options={languages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
            onChange={(language) => filter({ language })}
          />
          {search.isFetching && !search.isPending && <Spinner size="small" label="Refreshing" />}
        </div>

        {search.isPending || search.isError ? (
          <QueryStatus query={search} loadingLabel="Loading templates" />
        ) : list.length === 0 ? (
          <EmptyList filtered={filtered} what="templates" onClearFilters={() => filter(noFilters)}>
            <p>{isAdmin ? 'No templates yet. Create one, or sync the templates you already have at Meta.' : 'No templates yet.'}</p>
          </EmptyList>
        ) : (
          <TemplatesTable templates={list} isAdmin={isAdmin} onDelete={setDeleting} />
        )}
        <Pager label="Templates pages" page={page} limit={PAGE_SIZE} total={total} onPage={setPage} />
      </div>

      <DeleteTemplateModal template={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
