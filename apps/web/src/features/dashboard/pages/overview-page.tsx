import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Activity, realtimeEvents } from '@wac/contract/activities';
import { formatCompactNumber } from '@wac/contract/format';
import { Link } from 'react-router';
import { activitySentence } from '../../../lib/activity-text';
import { apiRequest } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSocketEvent } from '../../../lib/socket';
import { Spinner } from '../../../ui/spinner';

interface Counted {
  pagination: { total: number };
}

/** The admin's home: real figures the console already holds. */
export function OverviewPage() {
  const queryClient = useQueryClient();
  useSocketEvent(realtimeEvents.newActivity, () => queryClient.invalidateQueries({ queryKey: ['overview'] }));
  const users = useQuery({ queryKey: ['overview', 'users'], queryFn: () => apiRequest<Counted>('/api/users', { query: { limit: 1 } }) });
  const admins = useQuery({
    queryKey: ['overview', 'admins'],
    queryFn: () => apiRequest<Counted>('/api/users', { query: { limit: 1, role: 'admin' } }),
  });
  const activities = useQuery({
    queryKey: ['overview', 'activities'],
    queryFn: () => apiRequest<{ activities: Activity[]; total: number; unreadCount: number }>('/api/activities', { query: { limit: 8 } }),
  });
  const stat = (label: string, value: number | undefined) => (
    <div className="card stat">
      <span className="muted">{label}</span>
      <strong>{value === undefined ? <Spinner size="small" /> : formatCompactNumber(value)}</strong>
    </div>
  );
  return (
    <div className="page stack">
      <div className="stats">
        {stat('Users', users.data?.pagination.total)}
        {stat('Admins', admins.data?.pagination.total)}
        {stat('Activities recorded', activities.data?.total)}
        {stat('Unread activities', activities.data?.unreadCount)}
      </div>
      <section className="card">
        <div className="card-header">
          <h2>Latest activity</h2>
          <Link to="/activities">View all activities</Link>
        </div>
        {activities.isLoading ? (
          <Spinner label="Loading" />
        ) : activities.data?.activities.length ? (
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
    </div>
  );
}
