import { type CampaignStatus, campaignStatuses } from '@wac/contract/campaign-states';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSettings } from '../../../lib/app-settings';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { EmptyList } from '../../../ui/empty-list';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { SearchFilterToolbar } from '../../../ui/search-filter-toolbar';
import { useCampaigns } from '../api/list-campaigns';
import { statusLabel } from '../components/campaign-status-badge';
import { CampaignsTable } from '../components/campaigns-table';
import { useCampaignLiveUpdates } from '../components/use-campaign-live-updates';
import '../components/campaigns.css';

export const CAMPAIGNS_PAGE_SIZE = 20;
const statusOptions = campaignStatuses.map((s) => ({ value: s, label: statusLabel(s) }));

export function CampaignsPage() {
  const timezone = useAppSettings()['app.timezone'];
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search, 300);
  const campaigns = useCampaigns({ page, limit: CAMPAIGNS_PAGE_SIZE, status, search: debouncedSearch });
  useCampaignLiveUpdates();

  const list = campaigns.data?.campaigns ?? [];
  const pagination = campaigns.data?.pagination;
  const filtered = debouncedSearch.trim() !== '' || status !== '';
  // A page left empty by a delete moves back to the last page that exists.
  if (pagination && pagination.total > 0 && page > pagination.totalPages) setPage(pagination.totalPages);

  return (
    <div className="page campaigns-page">
      <div className="page-header">
        <p className="muted campaigns-count">
          {pagination ? `${pagination.total} ${pagination.total === 1 ? 'campaign' : 'campaigns'}${filtered ? ' found' : ''}` : ''}
        </p>
        <Link className="btn btn-primary" to="/campaigns/new">
          New campaign
        </Link>
      </div>

      <section className="card" aria-label="Campaigns">
        <SearchFilterToolbar
          className="campaigns-toolbar"
          search={{
            value: search,
            label: 'Search campaigns',
            placeholder: 'Search by name',
            className: 'campaigns-search',
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
          filter={{
            label: 'Filter by status',
            allLabel: 'All statuses',
            value: status,
            options: statusOptions,
            onChange: (value) => {
              setStatus(value);
              setPage(1);
            },
          }}
          refreshing={campaigns.isFetching && !campaigns.isPending}
        />

        {campaigns.isPending || campaigns.isError ? (
          <QueryStatus query={campaigns} loadingLabel="Loading campaigns" />
        ) : list.length === 0 ? (
          <EmptyList
            filtered={filtered}
            what="campaigns"
            onClearFilters={() => {
              setSearch('');
              setStatus('');
              setPage(1);
            }}
          >
            <h2>No campaigns yet</h2>
            <p>A campaign sends an approved template to a list of contacts, now or at a time you choose.</p>
            <Link className="btn btn-primary campaigns-empty-action" to="/campaigns/new">
              Create your first campaign
            </Link>
          </EmptyList>
        ) : (
          <CampaignsTable campaigns={list} timezone={timezone} />
        )}
        {pagination && (
          <Pager label="Campaigns pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
        )}
      </section>
    </div>
  );
}
