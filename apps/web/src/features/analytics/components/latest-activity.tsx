import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Activity, realtimeEvents } from '@wac/contract/activities';
import { Link } from 'react-router';
import { activitySentence } from '../../../lib/activity-text';
import { apiRequest } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSocketEvent } from '../../../lib/socket';
import { QueryStatus } from '../../../ui/query-status';

export const latestActivityKey = ['overview', 'activities'] as const;

/**
 * The last things that happened in the console (an agent sees their own), kept current as activities arrive; they are
 * not narrowed by the dashboard's filter, and say so while one is set.
 */
export function LatestActivity({ filtered }: { filtered: boolean }) {
  const queryClient = useQueryClient();
  useSocketEvent(realtimeEvents.newActivity, () => queryClient.invalidateQueries({ queryKey: latestActivityKey }));
  const activities = useQuery({
    queryKey: latestActivityKey,
    queryFn: ({ signal }) => apiRequest<{ activities: Activity[] }>('/api/activities', { query: { limit: 8 }, signal }),
  });
  return (
    <section className="card" aria-labelledby="latest-activity">
      <div className="card-header">
        <h2 id="latest-activity">Latest activity</h2>
        <Link to="/activities">View all activities</Link>
      </div>
      {filtered && <p className="muted small dashboard-card-description">Everything that happened, whatever the filter.</p>}
      {activities.isPending || activities.isError ? (
        <QueryStatus query={activities} loadingLabel="Loading the latest activity" />
      ) : activities.data.activities.length ? (
        <ul className="timeline">
          {activities.data.activities.map((a) => (
            <li key={a.id}>
              <span>{activitySentence(a)}</span>
              <span className="muted" title={formatDateTime(a.createdAt)}>
                {formatRelativeTime(a.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state muted">Nothing has happened yet.</p>
      )}
    </section>
  );
}
