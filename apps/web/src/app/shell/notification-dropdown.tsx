import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Activity, NOTIFICATION_DROPDOWN_ITEMS, notificationTarget, realtimeEvents } from '@wac/contract/activities';
import { activityActor, describeActivity } from '@wac/contract/activity-text';
import { formatBadgeCount } from '@wac/contract/format';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { formatRelativeTime } from '../../lib/format-date';
import { useSocketEvent } from '../../lib/socket';
import { useClickOutside } from '../../lib/use-click-outside';
import { Spinner } from '../../ui/spinner';

interface NotificationList {
  activities: Activity[];
  unreadCount: number;
}

const queryKey = ['notifications'] as const;

function markRead(body: { ids: number[] } | { markAllAsRead: true }) {
  return apiRequest<{ updated: number }>('/api/activities/mark-read', { method: 'POST', body });
}

export function NotificationDropdown() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const { data, isLoading } = useQuery({
    queryKey,
    queryFn: () => apiRequest<NotificationList>('/api/activities', { query: { limit: NOTIFICATION_DROPDOWN_ITEMS } }),
    // Spec 8: notification errors are silent.
    retry: false,
  });

  useSocketEvent<Activity>(realtimeEvents.newNotification, (activity) => {
    queryClient.setQueryData<NotificationList>(queryKey, (old) => {
      const list = old?.activities.filter((a) => a.id !== activity.id) ?? [];
      return {
        activities: [activity, ...list].slice(0, NOTIFICATION_DROPDOWN_ITEMS),
        unreadCount: (old?.unreadCount ?? 0) + (activity.read ? 0 : 1),
      };
    });
  });
  useSocketEvent(realtimeEvents.allActivitiesRead, () => queryClient.invalidateQueries({ queryKey }));

  const markAll = useMutation({
    mutationFn: () => markRead({ markAllAsRead: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });

  useClickOutside(ref, open, close);

  const unread = data?.unreadCount ?? 0;
  const items = data?.activities ?? [];

  const openItem = (activity: Activity) => {
    setOpen(false);
    if (!activity.read) {
      markRead({ ids: [activity.id] })
        .then(() => queryClient.invalidateQueries({ queryKey }))
        .catch(() => {});
    }
    navigate(notificationTarget(activity));
  };

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="icon-button bell"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 && (
          <span className="badge-count" data-testid="notification-badge">
            {formatBadgeCount(unread)}
          </span>
        )}
      </button>
      {open && (
        <div className="dropdown-panel notifications-panel" role="dialog" aria-label="Notifications">
          <div className="notifications-header">
            <h3>Notifications</h3>
            {unread > 0 && (
              <button type="button" className="link-button" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
                Mark all as read
              </button>
            )}
          </div>
          {isLoading ? (
            <div className="notifications-empty">
              <Spinner size="small" />
            </div>
          ) : items.length === 0 ? (
            <div className="notifications-empty">No notifications</div>
          ) : (
            <ul className="notifications-list">
              {items.map((activity) => {
                const by = activity.user?.username ?? activityActor(activity);
                return (
                  <li key={activity.id}>
                    <button
                      type="button"
                      className={`notification-item${activity.read ? '' : ' unread'}`}
                      onClick={() => openItem(activity)}
                    >
                      <span className="notification-text">{describeActivity(activity)}</span>
                      <span className="notification-meta">
                        {formatRelativeTime(activity.createdAt)}
                        {by && <> · By: {by}</>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <Link className="notifications-footer" to="/activities" onClick={() => setOpen(false)}>
            View all activities
          </Link>
        </div>
      )}
    </div>
  );
}
