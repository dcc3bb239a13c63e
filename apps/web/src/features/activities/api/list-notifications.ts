import { useQuery } from '@tanstack/react-query';
import { type Activity, NOTIFICATION_DROPDOWN_ITEMS } from '@wac/contract/activities';
import { apiRequest } from '../../../lib/api-client';

/** The bell's list: the newest activities the user is notified of, and how many are unread. */
export interface NotificationList {
  activities: Activity[];
  unreadCount: number;
}

export const notificationsQueryKey = ['notifications'] as const;

export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => apiRequest<NotificationList>('/api/activities', { query: { limit: NOTIFICATION_DROPDOWN_ITEMS } }),
    // Spec 8: notification errors are silent.
    retry: false,
  });
}
