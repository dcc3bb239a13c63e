import {
  type Activity,
  type CreateActivityBody,
  canSeeActivity,
  filterTypeOf,
  isReservedActivityType,
  memberActivityDataSchema,
  notificationOf,
  realtimeEvents,
  type SourceType,
  shouldNotify,
  type Viewer,
} from '@wac/contract/activities';
import type { User } from '@wac/contract/auth';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { afterCommit } from '../../realtime/after-commit.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { type ActivitiesRepository, type ActivityFilter, createActivitiesRepository } from './activities.repository.ts';

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
    sourceType: a.sourceType,
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

function asMember(author: User, body: CreateActivityBody, requestIp: string): RecordActivity {
  if (body.userId !== undefined && body.userId !== author.id) throw forbidden('You can only record activities of your own');
  if (body.sourceType !== 'user') throw forbidden("Only admins can record auth, system or WhatsApp activities; use sourceType 'user'");
  if (isReservedActivityType(body.type)) throw forbidden(`Only the server records "${body.type}" activities`);
  return {
    type: body.type,
    sourceType: 'user',
    data: { ...memberData(body.data), username: author.username },
    userId: author.id,
    ip: requestIp,
  };
}

/** A non-admin's data in its strict shape, or a 400 naming the field at fault, as the body's validation names them. */
function memberData(data: CreateActivityBody['data']): Record<string, unknown> {
  const parsed = memberActivityDataSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    return { field: ['data', ...issue.path.map(String), ...keys.slice(0, 1)].join('.'), message: issue.message };
  });
  const first = details[0];
  throw badRequest(first ? `${first.message} (body ${first.field})` : 'Invalid data (body data)', details);
}

const rowOf = (input: RecordActivity) => ({
  type: input.type,
  sourceType: input.sourceType,
  data: input.data ?? {},
  userId: input.userId ?? null,
  ip: input.ip ?? null,
  createdAt: input.createdAt,
});

/**
 * Writes an activity from a command run beside (or without) the server (npm run admin:reset-password), inside its
 * transaction: nobody is told live; consoles find it in the feed.
 */
export async function recordActivityFromCommand(db: Db, input: RecordActivity, tx: DbOrTx): Promise<void> {
  await createActivitiesRepository(db).insert([rowOf(input)], tx);
}

export interface ActivityServiceDeps {
  db: Db;
  realtime: Realtime;
}

export function createActivityService({ db, realtime }: ActivityServiceDeps) {
  const repository = createActivitiesRepository(db);
  /** Spec 6: new_activity to whoever can see it in their feed, new_notification (without bulky data) to whoever is notified. */
  function broadcast(activity: Activity): void {
    realtime.toAdmins(realtimeEvents.newActivity, activity);
    const notification = notificationOf(activity);
    realtime.toAdmins(realtimeEvents.newNotification, notification);
    const owner = activity.userId;
    if (owner !== null) {
      const ownerAsAgent: Viewer = { id: owner, role: 'agent' };
      if (canSeeActivity(ownerAsAgent, activity)) realtime.toUserUnlessAdmin(owner, realtimeEvents.newActivity, activity);
      if (shouldNotify(ownerAsAgent, activity)) realtime.toUserUnlessAdmin(owner, realtimeEvents.newNotification, notification);
    }
    if (activity.sourceType === 'system') realtime.toAgents(realtimeEvents.newNotification, notification, owner);
  }

  async function asAdmin(author: User, body: CreateActivityBody, requestIp: string): Promise<RecordActivity> {
    const userId = body.userId ?? author.id;
    if (userId !== author.id && (await repository.usernameOf(userId)) === null) throw notFound('User not found');
    return {
      type: body.type,
      sourceType: body.sourceType,
      data: body.data,
      userId,
      ip: body.ip ?? requestIp,
      createdAt: body.timestamp ? new Date(body.timestamp) : undefined,
    };
  }

  /** Writes activities in one statement; each is announced at once, or inside a transaction once that commits. */
  async function recordMany(inputs: readonly RecordActivity[], tx?: DbOrTx): Promise<Activity[]> {
    const rows = await repository.insert(inputs.map(rowOf), tx);
    // With the caller's `tx`: a read on the pool inside a transaction would wait for a second connection.
    const usernames = await repository.usernamesOf([...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))], tx);
    const written = rows.map((row) =>
      toActivity({ activity: row, username: row.userId === null ? null : (usernames.get(row.userId) ?? null), read: false }),
    );
    const announce = () => {
      for (const activity of written) broadcast(activity);
    };
    if (tx) afterCommit(tx, announce);
    else announce();
    return written;
  }

  return {
    recordMany,

    /** Writes an activity; it is announced at once, or inside a transaction once that commits (afterCommit). */
    async record(input: RecordActivity, tx?: DbOrTx): Promise<{ activity: Activity }> {
      const [activity] = await recordMany([input], tx);
      if (!activity) throw new Error('the activity was not written');
      return { activity };
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
        // One entry per event: a copy written for someone else is found under its event's type.
        types: [...new Set(types.map(filterTypeOf))],
      };
    },

    /**
     * POST /api/activities. An admin records what the payload says (another user, an imported address and time);
     * anyone else records only a plain 'user' activity of their own, stamped with the server's address, time and username.
     */
    async recordPosted(author: User, body: CreateActivityBody, requestIp: string): Promise<Activity> {
      const { activity } = await this.record(
        author.role === 'admin' ? await asAdmin(author, body, requestIp) : asMember(author, body, requestIp),
      );
      return activity;
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
