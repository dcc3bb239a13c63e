import { type SourceType, typesFoundBy } from '@wac/contract/activities';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { activities, activityReads } from '../../db/schema.ts';
import { activitiesReadThrough, userJoin, usernamesByIds } from '../accounts/index.ts';

export interface NewActivityRow {
  type: string;
  sourceType: SourceType;
  data: Record<string, unknown>;
  userId: number | null;
  ip: string | null;
  createdAt?: Date;
}

export interface ActivityFilter {
  userId?: number;
  sourceType?: SourceType;
  type?: string;
  unreadFor?: { userId: number; readThrough: number };
}

const readFor = (userId: number, readThrough: number) =>
  sql<boolean>`(${activities.id} <= ${readThrough} OR EXISTS (SELECT 1 FROM ${activityReads} r WHERE r.activity_id = ${activities.id} AND r.user_id = ${userId}))`;

function whereOf(filter: ActivityFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(activities.userId, filter.userId));
  if (filter.sourceType) parts.push(eq(activities.sourceType, filter.sourceType));
  if (filter.type) parts.push(inArray(activities.type, typesFoundBy(filter.type)));
  if (filter.unreadFor) parts.push(sql`NOT ${readFor(filter.unreadFor.userId, filter.unreadFor.readThrough)}`);
  return parts.length ? and(...parts) : undefined;
}

const author = userJoin(activities.userId);

export function createActivitiesRepository(db: Db) {
  return {
    /** Writes the activities in one statement; answers them in the order given. */
    async insert(rows: readonly NewActivityRow[], tx: DbOrTx = db) {
      if (rows.length === 0) return [];
      const inserted = await tx
        .insert(activities)
        .values([...rows])
        .returning();
      if (inserted.length !== rows.length) throw new Error(`activity insert returned ${inserted.length} of ${rows.length} rows`);
      // Ids are drawn in the order of the values.
      return inserted.sort((a, b) => a.id - b.id);
    },

    async list(filter: ActivityFilter, viewer: { id: number; readThrough: number }, limit: number, offset: number) {
      return db
        .select({
          activity: activities,
          username: author.username,
          read: readFor(viewer.id, viewer.readThrough),
        })
        .from(activities)
        .leftJoin(author.table, author.on)
        .where(whereOf(filter))
        .orderBy(desc(activities.id))
        .limit(limit)
        .offset(offset);
    },

    /** How many match the filter, and how many of those the viewer has not read, in one pass. */
    async counts(filter: ActivityFilter, viewer: { id: number; readThrough: number }): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) FILTER (WHERE NOT ${readFor(viewer.id, viewer.readThrough)}))::int`,
        })
        .from(activities)
        .where(whereOf(filter));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    /** Activity types among what the viewer may see, for the type filter. */
    async types(visible: ActivityFilter): Promise<string[]> {
      if (visible.userId === undefined && !visible.sourceType && !visible.type) {
        // Walks the type index one distinct value at a time instead of scanning every activity.
        const result = await db.execute<{ type: string }>(sql`
          WITH RECURSIVE t AS (
            SELECT min(type) AS type FROM activities
            UNION ALL
            SELECT (SELECT min(type) FROM activities WHERE type > t.type) FROM t WHERE t.type IS NOT NULL
          )
          SELECT type FROM t WHERE type IS NOT NULL`);
        return result.rows.map((r) => r.type);
      }
      const rows = await db.selectDistinct({ type: activities.type }).from(activities).where(whereOf(visible)).orderBy(activities.type);
      return rows.map((r) => r.type);
    },

    async usernameOf(userId: number, tx: DbOrTx = db): Promise<string | null> {
      return (await usernamesByIds(tx, [userId])).get(userId) ?? null;
    },

    async usernamesOf(userIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      return usernamesByIds(tx, userIds);
    },

    async readThroughOf(userId: number): Promise<number> {
      return (await activitiesReadThrough.of(db, userId)) ?? 0;
    },

    /** Marks the given ids read for the user, limited to ids the filter lets them see. */
    async markRead(userId: number, ids: number[], visible: ActivityFilter): Promise<number> {
      const rows = await db
        .select({ id: activities.id })
        .from(activities)
        .where(and(whereOf(visible), inArray(activities.id, ids)));
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(activityReads)
        .values(rows.map((r) => ({ activityId: r.id, userId })))
        .onConflictDoNothing()
        .returning({ id: activityReads.activityId });
      return inserted.length;
    },

    /** Moves the user's read watermark to the newest activity; returns how many became read. */
    async markAllRead(userId: number, visible: ActivityFilter): Promise<number> {
      return db.transaction(async (tx) => {
        const readThrough = (await activitiesReadThrough.of(tx, userId, { lock: true })) ?? 0;
        const unreadFilter = { ...visible, unreadFor: { userId, readThrough } };
        const [unread] = await tx.select({ n: count() }).from(activities).where(whereOf(unreadFilter));
        const [max] = await tx.select({ id: sql<number>`coalesce(max(${activities.id}), 0)` }).from(activities);
        await activitiesReadThrough.set(tx, userId, Number(max?.id ?? 0));
        await tx.delete(activityReads).where(and(eq(activityReads.userId, userId)));
        return unread?.n ?? 0;
      });
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
