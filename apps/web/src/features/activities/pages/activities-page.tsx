import { useQueryClient } from '@tanstack/react-query';
import { realtimeEvents, type SourceType, sourceTypes } from '@wac/contract/activities';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSocketEvent } from '../../../lib/socket';
import { Button } from '../../../ui/button';
import { EmptyList } from '../../../ui/empty-list';
import { FilterSelect } from '../../../ui/filter-select';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toasts';
import { type ActivitiesList, type ActivitiesQuery, activitiesKey, activitiesQueryKey, useActivities } from '../api/list-activities';
import { useMarkActivitiesRead } from '../api/mark-activities-read';
import { activityDetails, activityUser } from '../components/activity-details';
import { countActivity, matchesFilters, prependActivity } from '../components/activity-live-update';
import { humanizeType } from '../components/activity-type-label';
import { SourceBadge, sourceLabels } from '../components/source-badge';
import './activities-page.css';
import { activitySentence } from '../../../lib/activity-text';

const PAGE_SIZE = 20;
const sourceFilter = {
  label: 'Filter by source',
  allLabel: 'All sources',
  options: sourceTypes.map((source) => ({ value: source, label: sourceLabels[source] })),
};

function readQuery(params: URLSearchParams): ActivitiesQuery {
  const page = Number(params.get('page'));
  const source = params.get('source') ?? '';
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_SIZE,
    type: params.get('type') ?? '',
    source: (sourceTypes as readonly string[]).includes(source) ? (source as SourceType) : '',
    unreadOnly: params.get('unread') === '1',
  };
}

/** Re-renders every minute so '5 minutes ago' stays true. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

export function ActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const activities = useActivities(query);
  const markRead = useMarkActivitiesRead();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [missed, setMissed] = useState(0);
  useMinuteTick();

  const filterKey = `${query.page}|${query.type}|${query.source}|${query.unreadOnly}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter starts a new selection.
  useEffect(() => {
    setSelected(new Set());
    if (query.page === 1) setMissed(0);
  }, [filterKey]);

  function update(changes: Partial<Record<'page' | 'type' | 'source' | 'unread', string>>) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  useSocketEvent(realtimeEvents.newActivity, (activity) => {
    // Other pages and filters are now out of date; they refetch when next shown.
    queryClient.invalidateQueries({ queryKey: activitiesQueryKey, refetchType: 'none' });
    if (!matchesFilters(activity, query)) return;
    if (query.page !== 1) {
      setMissed((n) => n + 1);
      queryClient.setQueryData<ActivitiesList>(activitiesKey(query), (old) => (old ? countActivity(old, activity) : old));
      return;
    }
    queryClient.setQueryData<ActivitiesList>(activitiesKey(query), (old) => (old ? prependActivity(old, activity, query.limit) : old));
  });

  useSocketEvent(realtimeEvents.allActivitiesRead, () => {
    queryClient.invalidateQueries({ queryKey: activitiesQueryKey });
  });

  const data = activities.data;
  // The types the server has seen, or the one in the address before they arrive.
  const typeFilter = {
    label: 'Filter by type',
    allLabel: 'All types',
    options: (data?.types ?? (query.type ? [query.type] : [])).map((type) => ({ value: type, label: humanizeType(type) })),
  };
  const list = data?.activities ?? [];
  const unreadOnPage = list.filter((a) => !a.read).map((a) => a.id);
  const allSelected = unreadOnPage.length > 0 && unreadOnPage.every((id) => selected.has(id));
  const filtered = query.type !== '' || query.source !== '' || query.unreadOnly;

  function toggle(id: number) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function mark(input: { ids: number[] } | { markAllAsRead: true }) {
    try {
      const { updated } = await markRead.mutateAsync(input);
      setSelected(new Set());
      toast.show({ type: 'success', title: updated === 1 ? '1 activity marked as read' : `${updated} activities marked as read` });
    } catch (error) {
      toast.show({ type: 'error', title: errorMessage(error) });
    }
  }

  return (
    <div className="page activities-page">
      <div className="page-header">
        <p className="muted">{data ? (data.unreadCount === 0 ? 'All caught up: nothing unread.' : `${data.unreadCount} unread`) : ' '}</p>
        <div className="row">
          <Button
            variant="secondary"
            disabled={selected.size === 0}
            loading={markRead.isPending && markRead.variables !== undefined && 'ids' in markRead.variables}
            onClick={() => mark({ ids: [...selected] })}
          >
            {selected.size > 0 ? `Mark ${selected.size} as read` : 'Mark selected as read'}
          </Button>
          <Button
            variant="primary"
            disabled={!data || data.unreadCount === 0}
            loading={markRead.isPending && markRead.variables !== undefined && 'markAllAsRead' in markRead.variables}
            onClick={() => mark({ markAllAsRead: true })}
          >
            Mark all as read
          </Button>
        </div>
      </div>

      <div className="card">
        <div className="toolbar activities-toolbar">
          <FilterSelect {...typeFilter} value={query.type} onChange={(type) => update({ type })} />
          <FilterSelect {...sourceFilter} value={query.source} onChange={(source) => update({ source })} />
          <label className="checkbox">
            <input type="checkbox" checked={query.unreadOnly} onChange={(e) => update({ unread: e.target.checked ? '1' : '' })} />
            Unread only
          </label>
          {activities.isFetching && !activities.isPending && <Spinner size="small" label="Refreshing" />}
        </div>

        {missed > 0 && (
          <div className="notice activities-new" role="status">
            <span>{missed === 1 ? '1 new activity' : `${missed} new activities`} since you opened this page.</span>
            <Button variant="ghost" onClick={() => update({ page: '' })}>
              Show newest
            </Button>
          </div>
        )}

        {activities.isPending || activities.isError ? (
          <QueryStatus query={activities} loadingLabel="Loading activities" />
        ) : list.length === 0 ? (
          <EmptyList filtered={filtered} what="activities" onClearFilters={() => update({ type: '', source: '', unread: '' })}>
            <p>No activities yet. Sign-ins, user changes and settings changes will appear here.</p>
          </EmptyList>
        ) : (
          <div className="table-wrap">
            <table className="table activities-table">
              <thead>
                <tr>
                  <th scope="col" className="cell-check">
                    <input
                      type="checkbox"
                      aria-label="Select all unread on this page"
                      checked={allSelected}
                      disabled={unreadOnPage.length === 0}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(unreadOnPage))}
                    />
                  </th>
                  <th scope="col">Activity</th>
                  <th scope="col">Source</th>
                  <th scope="col">User</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {list.map((activity) => (
                  <tr
                    key={activity.id}
                    className={activity.read ? undefined : 'is-unread'}
                    aria-label={activity.read ? undefined : 'Unread'}
                  >
                    <td className="cell-check">
                      <input
                        type="checkbox"
                        aria-label={`Select: ${activitySentence(activity)}`}
                        checked={selected.has(activity.id)}
                        disabled={activity.read}
                        onChange={() => toggle(activity.id)}
                      />
                    </td>
                    <td>
                      <div className="activity-text">
                        {!activity.read && <span className="unread-dot" aria-hidden="true" />}
                        <span>{activitySentence(activity)}</span>
                      </div>
                      {activityDetails(activity) && <div className="muted activity-sub">{activityDetails(activity)}</div>}
                    </td>
                    <td>
                      <div className="row activity-badges">
                        <SourceBadge source={activity.sourceType} />
                        {activity.data.status === 'failed' && <span className="badge badge-danger">Failed</span>}
                      </div>
                    </td>
                    <td className="activity-user">
                      {activityUser(activity) ?? <span className="muted">—</span>}
                      {activity.ip && <div className="muted">{activity.ip}</div>}
                    </td>
                    <td className="activity-when">
                      <time dateTime={activity.createdAt} title={formatDateTime(activity.createdAt)}>
                        {formatRelativeTime(activity.createdAt)}
                      </time>
                      <div className="muted">{formatDateTime(activity.createdAt)}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        {data && (
          <Pager
            label="Activity pages"
            page={query.page}
            limit={query.limit}
            total={data.total}
            onPage={(p) => update({ page: p > 1 ? String(p) : '' })}
          />
        )}
      </div>
    </div>
  );
}
