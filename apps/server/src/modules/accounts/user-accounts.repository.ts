import type { Role } from '@wac/contract/auth';
import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserListFilter {
  search?: string;
  role?: Role;
}

function listWhere(filter: UserListFilter): SQL | undefined {
  const pattern = filter.search ? likeContaining(filter.search) : undefined;
  return and(
    pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
  );
}

/**
 * The accounts, rows of the users table, read and written for sign-in, password recovery, the first start and the users
 * admin. Only this folder touches the table: other domains join usernames through userJoin (user-reads.repository.ts).
 */
export function createUserAccounts(db: Db) {
  return {
    async findById(id: number, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },
    async insert(values: typeof users.$inferInsert, tx: DbOrTx = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },
    async setPassword(id: number, passwordHash: string, tx: DbOrTx = db): Promise<void> {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },
    async markEmailVerified(id: number, tx: DbOrTx = db): Promise<void> {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    },
    async list(filter: UserListFilter, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
      const where = listWhere(filter);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Locks the target row for the rest of the transaction. */
    async findByIdForUpdate(id: number, tx: DbOrTx): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    /**
     * Locks every admin row, always in id order so concurrent callers queue instead of deadlocking,
     * and returns their ids as they stand once the locks are held.
     */
    async lockAdmins(tx: DbOrTx): Promise<number[]> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
      return rows.map((r) => r.id);
    },

    /** Which of the given username and email another user already holds, case-insensitively. */
    async findTaken(values: { username?: string; email?: string | null }, exceptId: number | null, tx: DbOrTx = db) {
      const others = exceptId === null ? undefined : ne(users.id, exceptId);
      const [username] = values.username
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.username}) = lower(${values.username})`, others))
            .limit(1)
        : [];
      const [email] = values.email
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = lower(${values.email})`, others))
            .limit(1)
        : [];
      return { username: Boolean(username), email: Boolean(email) };
    },

    async update(
      id: number,
      values: Partial<Pick<UserRow, 'username' | 'email' | 'role' | 'emailVerifiedAt'>>,
      tx: DbOrTx = db,
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async delete(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async countAll(tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
