import { type Activity, canSeeActivity, realtimeEvents, type SourceType, shouldNotify, type Viewer } from '@wac/contract/activities';
import type { DbOrTx } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { ActivitiesRepository, ActivityFilter } from './activities.repository.ts';

export interface RecordActivity {
  type: string;
  sourceType: SourceType;
  data?: Record<string, unknown>;
  userId?: number | null;
  ip?: string | null;
  createdAt?: Date;
}

type Row = Awaited<ReturnType<ActivitiesRepository['list']>>[number];

function toActivity(row: Row): Activity {
  const a = row.activity;
  const createdAt = a.createdAt.toISOString();
  return {
    id: a.id,
    type: a.type,
    sourceType: a.sourceType as SourceType,
    data: (a.data ?? {}) as Record<string, unknown>,
    read: Boolean(row.read),
    userId: a.userId,
    user: a.userId !== null && row.username ? { id: a.userId, username: row.username } : null,
    ip: a.ip,
    createdAt,
    timestamp: createdAt,
  };
}

/** What a viewer's feed holds: admins see everything (optionally one user's), others only their own. */
function visibleFilter(viewer: Viewer, requestedUserId?: number): ActivityFilter {
  if (viewer.role === 'admin') return requestedUserId ? { userId: requestedUserId } : {};
  return { userId: viewer.id };
}

export function createActivityService(repository: ActivitiesRepository, realtime: Realtime) {
  /** Spec 6: new_activity to whoever can see it in their feed, new_notification to whoever is notified. */
  function broadcast(activity: Activity): void {
    realtime.toAdmins(realtimeEvents.newActivity, activity);
    realtime.toAdmins(realtimeEvents.newNotification, activity);
    const owner = activity.userId;
    if (owner !== null) {
      const ownerAsAgent: Viewer = { id: owner, role: 'agent' };
      if (canSeeActivity(ownerAsAgent, activity)) realtime.toUserUnlessAdmin(owner, realtimeEvents.newActivity, activity);
      if (shouldNotify(ownerAsAgent, activity)) realtime.toUserUnlessAdmin(owner, realtimeEvents.newNotification, activity);
    }
    if (activity.sourceType === 'system') realtime.toAgents(realtimeEvents.newNotification, activity, owner);
  }

  return {
    /**
     * Writes an activity. Inside a transaction, call `publish` after commit so nobody hears of a rolled-back change.
     */
    async record(input: RecordActivity, tx?: DbOrTx): Promise<{ activity: Activity; publish: () => void }> {
      const row = await repository.insert(
        {
          type: input.type,
          sourceType: input.sourceType,
          data: input.data ?? {},
          userId: input.userId ?? null,
          ip: input.ip ?? null,
          createdAt: input.createdAt,
        },
        tx,
      );
      const username = row.userId !== null ? await repository.usernameOf(row.userId) : null;
      const activity = toActivity({ activity: row, username, read: false });
      const publish = () => broadcast(activity);
      if (!tx) publish();
      return { activity, publish };
    },

    async list(
      viewer: Viewer,
      query: { limit: number; page: number; method?: SourceType; type?: string; userId?: number; unreadOnly?: boolean },
    ) {
      const readThrough = await repository.readThroughOf(viewer.id);
      const filter: ActivityFilter = {
        ...visibleFilter(viewer, query.userId),
        sourceType: query.method,
        type: query.type,
      };
      const unreadFilter = { ...filter, unreadFor: { userId: viewer.id, readThrough } };
      const listFilter = query.unreadOnly ? unreadFilter : filter;
      const [rows, counts, types] = await Promise.all([
        repository.list(listFilter, { id: viewer.id, readThrough }, query.limit, (query.page - 1) * query.limit),
        repository.counts(filter, { id: viewer.id, readThrough }),
        repository.types(visibleFilter(viewer)),
      ]);
      return {
        activities: rows.map(toActivity),
        total: query.unreadOnly ? counts.unread : counts.total,
        unreadCount: counts.unread,
        types,
      };
    },

    /** Non-admins may only write activities of their own, and never system ones (those notify everybody). */
    async assertMayRecordFor(viewer: Viewer, userId: number | undefined, sourceType: SourceType): Promise<void> {
      if (viewer.role !== 'admin') {
        if (userId !== undefined && userId !== viewer.id) throw forbidden('You can only record activities of your own');
        if (sourceType === 'system') throw forbidden('Only admins can record system activities');
      }
      if (userId !== undefined && userId !== viewer.id && (await repository.usernameOf(userId)) === null) throw notFound('User not found');
    },

    async markRead(viewer: Viewer, body: { ids?: number[]; markAllAsRead?: boolean }): Promise<number> {
      const visible = visibleFilter(viewer);
      if (body.markAllAsRead) {
        const updated = await repository.markAllRead(viewer.id, visible);
        realtime.toUser(viewer.id, realtimeEvents.allActivitiesRead, { userId: viewer.id });
        return updated;
      }
      return repository.markRead(viewer.id, body.ids ?? [], visible);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
