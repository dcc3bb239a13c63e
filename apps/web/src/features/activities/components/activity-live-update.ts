import type { Activity } from '@wac/contract/activities';
import type { ActivitiesList, ActivitiesQuery } from '../api/list-activities';

/** Whether a newly arrived activity belongs in the list as filtered now. */
export function matchesFilters(activity: Activity, query: ActivitiesQuery): boolean {
  if (query.type && activity.type !== query.type) return false;
  if (query.source && activity.sourceType !== query.source) return false;
  if (query.unreadOnly && activity.read) return false;
  return true;
}

/** Puts a live activity at the top of page 1, keeping the page size and the counters right. */
export function prependActivity(list: ActivitiesList, activity: Activity, limit: number): ActivitiesList {
  if (list.activities.some((a) => a.id === activity.id)) return list;
  return {
    activities: [activity, ...list.activities].slice(0, limit),
    total: list.total + 1,
    unreadCount: list.unreadCount + (activity.read ? 0 : 1),
    types: list.types.includes(activity.type) ? list.types : [...list.types, activity.type].sort(),
  };
}

/** On a later page the rows stay put; only the counters follow. */
export function countActivity(list: ActivitiesList, activity: Activity): ActivitiesList {
  return { ...list, total: list.total + 1, unreadCount: list.unreadCount + (activity.read ? 0 : 1) };
}
