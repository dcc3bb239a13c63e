import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Activity, NOTIFICATION_DROPDOWN_ITEMS, notificationTarget, realtimeEvents } from '@wac/contract/activities';
import { activityActor } from '@wac/contract/activity-text';
import { formatBadgeCount } from '@wac/contract/format';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type NotificationList,
  notificationsQueryKey as queryKey,
  useNotifications,
} from '../../features/activities/api/list-notifications';
import { markActivitiesRead as markRead } from '../../features/activities/api/mark-activities-read';
import { activitySentence } from '../../lib/activity-text';
import { formatRelativeTime } from '../../lib/format-date';
import { useSocketEvent } from '../../lib/socket';
import { useClickOutside } from '../../lib/use-click-outside';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';

export function NotificationDropdown() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const { data, isLoading } = useNotifications();

  useSocketEvent(realtimeEvents.newNotification, (activity) => {
    queryClient.setQueryData<NotificationList>(queryKey, (old) => {
      const list = old?.activities.filter((a) => a.id !== activity.id) ?? [];
      return {
        activities: [activity, ...list].slice(0, NOTIFICATION_DROPDOWN_ITEMS),
        unreadCount: (old?.unreadCount ?? 0) + (activity.read ? 0 : 1),
      };
    });
  });
  useSocketEvent(realtimeEvents.allActivitiesRead, () => {
    queryClient.setQueryData<NotificationList>(queryKey, (old) =>
      old ? { activities: old.activities.map((a) => ({ ...a, read: true })), unreadCount: 0 } : old,
    );
    void queryClient.invalidateQueries({ queryKey });
  });

  const markAll = useMutation({
    mutationFn: () => markRead({ markAllAsRead: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });

  useClickOutside(ref, open, close);

  const unread = data?.unreadCount ?? 0;
  const items = (data?.activities ?? []).slice(0, NOTIFICATION_DROPDOWN_ITEMS);

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
        onKeyDown={(e) => e.key === 'Escape' && close()}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span className="badge-count" data-testid="notification-badge">
            {formatBadgeCount(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          className="dropdown-panel notifications-panel"
          role="dialog"
          aria-label="Notifications"
          onKeyDown={(e) => e.key === 'Escape' && close()}
        >
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
                const by = activityActor(activity);
                return (
                  <li key={activity.id}>
                    <button
                      type="button"
                      className={`notification-item${activity.read ? '' : ' unread'}`}
                      onClick={() => openItem(activity)}
                    >
                      <span className="notification-dot" aria-hidden="true" />
                      <span className="notification-body">
                        <span className="notification-text">{activitySentence(activity)}</span>
                        <span className="notification-meta">
                          {formatRelativeTime(activity.createdAt)}
                          {by && <> · By: {by}</>}
                        </span>
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
