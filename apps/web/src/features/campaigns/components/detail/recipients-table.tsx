import { type CampaignContact, type RecipientState, recipientStates } from '@wac/contract/campaigns';
import { type ComponentProps, useState } from 'react';
import { TableVirtuoso } from 'react-virtuoso';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { Button } from '../../../../ui/button';
import { EmptyList } from '../../../../ui/empty-list';
import { Pager } from '../../../../ui/pager';
import { QueryStatus } from '../../../../ui/query-status';
import { SearchFilterToolbar } from '../../../../ui/search-filter-toolbar';
import { TableHeadCells } from '../../../../ui/table-head';
import { useToast } from '../../../../ui/toasts';
import { useCampaignContacts, useDeleteContact } from '../../api/campaign-contacts';
import { RUNNING_POLL_MS } from '../../api/campaign-status';
import { recipientPhone } from '../recipient-phone';
import { RecipientStateBadge, recipientStateLabel } from './recipient-state-badge';

/** One server page, drawn as a virtualised table (only the rows on screen are in the page); the server keeps the rest. */
const PAGE_SIZE = 500;
/** Rows drawn before the table has measured the window. */
const INITIAL_ROWS = 30;
/** Rows drawn beyond the window, above and below, so scrolling never shows blank rows. */
const OVERSCAN_PX = 800;
const stateOptions = recipientStates.map((s) => ({ value: s, label: recipientStateLabel(s) }));

/** The last thing that happened to the recipient, with when. */
function lastEvent(c: CampaignContact): string | null {
  const at = c.failedAt ?? c.readAt ?? c.deliveredAt ?? c.sentAt;
  return at ? formatDateTime(at) : null;
}

function Failure({ error }: { error: CampaignContact['error'] }) {
  if (!error) return <span className="muted">—</span>;
  return (
    <div className="campaign-failure">
      <strong>
        {error.code !== null && <span className="mono">#{error.code} </span>}
        {error.title ?? 'Failed'}
      </strong>
      {error.explanation && <p className="small">{error.explanation}</p>}
    </div>
  );
}

const RecipientsTableElement = (props: ComponentProps<'table'>) => <table {...props} className="table campaign-recipients" />;

function RecipientCells({ contact: c, onRemove }: { contact: CampaignContact; onRemove: ((c: CampaignContact) => void) | null }) {
  return (
    <>
      <td className="mono">{recipientPhone(c.phone)}</td>
      <td>{c.name ?? <span className="muted">—</span>}</td>
      <td>
        <RecipientStateBadge state={c.status} />
      </td>
      <td className="muted">{lastEvent(c) ?? '—'}</td>
      <td>
        <Failure error={c.error} />
      </td>
      {onRemove && (
        <td>
          <Button
            variant="ghost"
            className="btn-small text-danger"
            onClick={() => onRemove(c)}
            aria-label={`Remove ${recipientPhone(c.phone)}`}
          >
            Remove
          </Button>
        </td>
      )}
    </>
  );
}

interface RecipientsTableProps {
  campaignId: string;
  /** While sending, the page is fetched again every few seconds. */
  running: boolean;
  /** Contacts may be removed one by one while the campaign has not started. */
  editable: boolean;
}

export function RecipientsTable({ campaignId, running, editable }: RecipientsTableProps) {
  const toast = useToast();
  const [state, setState] = useState<RecipientState | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, 300);
  const contacts = useCampaignContacts(
    campaignId,
    { page, limit: PAGE_SIZE, status: state, search: debounced },
    running && RUNNING_POLL_MS,
  );
  const remove = useDeleteContact();
  const list = contacts.data?.contacts ?? [];
  const pagination = contacts.data?.pagination;
  const filtered = state !== '' || debounced.trim() !== '';
  if (pagination && pagination.total > 0 && page > pagination.totalPages) setPage(pagination.totalPages);

  const removeOne = (c: CampaignContact) =>
    remove.mutate(
      { id: campaignId, contactId: c._id },
      { onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'Failed to delete contact') }) },
    );

  return (
    <div className="stack">
      <SearchFilterToolbar
        search={{
          value: search,
          label: 'Search recipients',
          placeholder: 'Search by phone or name',
          className: 'campaigns-search',
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
        filter={{
          label: 'Filter by state',
          allLabel: 'All states',
          value: state,
          options: stateOptions,
          onChange: (value) => {
            setState(value);
            setPage(1);
          },
        }}
        refreshing={contacts.isFetching && !contacts.isPending}
      />
      {contacts.isPending || contacts.isError ? (
        <QueryStatus query={contacts} loadingLabel="Loading recipients" />
      ) : list.length === 0 ? (
        <EmptyList
          filtered={filtered}
          what="recipients"
          onClearFilters={() => {
            setState('');
            setSearch('');
            setPage(1);
          }}
        >
          <p>No recipients yet.</p>
        </EmptyList>
      ) : (
        <TableVirtuoso
          className="table-wrap"
          useWindowScroll
          increaseViewportBy={OVERSCAN_PX}
          data={list}
          initialItemCount={Math.min(list.length, INITIAL_ROWS)}
          computeItemKey={(_, c) => c._id}
          components={{ Table: RecipientsTableElement }}
          fixedHeaderContent={() => (
            <tr>
              <TableHeadCells columns={['Phone', 'Name', 'State', 'Last update', 'Failure']} actions={editable} />
            </tr>
          )}
          itemContent={(_, c) => <RecipientCells contact={c} onRemove={editable ? removeOne : null} />}
        />
      )}
      {pagination && (
        <Pager label="Recipients pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
      )}
    </div>
  );
}
