import type { Activity } from '@wac/contract/activities';
import { describe, expect, it } from 'vitest';
import type { ActivitiesList, ActivitiesQuery } from '../api/list-activities';
import { countActivity, matchesFilters, prependActivity } from './activity-live-update';

function activity(id: number, over: Partial<Activity> = {}): Activity {
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0, id)).toISOString();
  return {
    id,
    type: 'login',
    sourceType: 'auth',
    data: { username: 'admin' },
    read: false,
    userId: 1,
    user: { id: 1, username: 'admin' },
    ip: null,
    createdAt: at,
    timestamp: at,
    ...over,
  };
}

const query: ActivitiesQuery = { page: 1, limit: 3, type: '', source: '', unreadOnly: false };

describe('matchesFilters', () => {
  it('accepts everything without filters', () => {
    expect(matchesFilters(activity(1), query)).toBe(true);
  });
  it('checks type, source and unread-only', () => {
    expect(matchesFilters(activity(1), { ...query, type: 'logout' })).toBe(false);
    expect(matchesFilters(activity(1), { ...query, type: 'login' })).toBe(true);
    expect(matchesFilters(activity(1), { ...query, source: 'system' })).toBe(false);
    expect(matchesFilters(activity(1, { read: true }), { ...query, unreadOnly: true })).toBe(false);
  });
});

describe('prependActivity', () => {
  const list: ActivitiesList = { activities: [activity(3), activity(2), activity(1)], total: 3, unreadCount: 3, types: ['login'] };

  it('puts the new one on top, keeps the page size and counts it', () => {
    const next = prependActivity(list, activity(4, { type: 'user_created', sourceType: 'user' }), 3);
    expect(next.activities.map((a) => a.id)).toEqual([4, 3, 2]);
    expect(next.total).toBe(4);
    expect(next.unreadCount).toBe(4);
    expect(next.types).toEqual(['login', 'user_created']);
  });

  it('ignores an activity already listed', () => {
    expect(prependActivity(list, activity(3), 3)).toBe(list);
  });
});

describe('countActivity', () => {
  it('counts without touching the rows', () => {
    const list: ActivitiesList = { activities: [activity(1, { read: true })], total: 30, unreadCount: 0, types: ['login'] };
    const next = countActivity(list, activity(2));
    expect(next.activities).toBe(list.activities);
    expect(next.total).toBe(31);
    expect(next.unreadCount).toBe(1);
  });
});
