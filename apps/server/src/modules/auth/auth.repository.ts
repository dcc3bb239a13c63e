import { and, count, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { authTokens, failedLogins, sessions, users } from '../../db/schema.ts';

export type TokenPurpose = 'password_reset' | 'email_verification';

export function createAuthRepository(db: Db) {
  return {
    async createSession(values: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row?.id ?? 0;
    },

    async findSession(tokenHash: string) {
      const [row] = await db
        .select({ sessionId: sessions.id, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
      return row;
    },

    async deleteSession(tokenHash: string): Promise<number | undefined> {
      const [row] = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
      return row?.id;
    },

    /** Ends every session of the user except the one given; returns the ended ids. */
    async deleteOtherSessions(userId: number, keepSessionId: number | null, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    async deleteExpiredSessions(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },

    async createToken(values: { userId: number; purpose: TokenPurpose; tokenHash: string; expiresAt: Date }) {
      await db.insert(authTokens).values(values);
    },

    /** Uses a token once: returns its user id only if it was unused and unexpired. */
    async consumeToken(tokenHash: string, purpose: TokenPurpose, tx: DbOrTx = db): Promise<number | undefined> {
      const [row] = await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: authTokens.userId });
      return row?.userId;
    },

    /** A new link replaces older unused ones of the same purpose. */
    async expireTokens(userId: number, purpose: TokenPurpose, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
    },

    async recordFailedLogin(username: string, ip: string): Promise<void> {
      await db.insert(failedLogins).values({ username: username.toLowerCase(), ip });
    },

    async countRecentFailures(username: string, ip: string, since: Date) {
      const [byUser] = await db
        .select({ n: count() })
        .from(failedLogins)
        .where(and(eq(failedLogins.username, username.toLowerCase()), gt(failedLogins.createdAt, since)));
      const [byIp] = await db
        .select({ n: count() })
        .from(failedLogins)
        .where(and(eq(failedLogins.ip, ip), gt(failedLogins.createdAt, since)));
      return { byUser: byUser?.n ?? 0, byIp: byIp?.n ?? 0 };
    },

    async clearFailures(username: string): Promise<void> {
      await db.delete(failedLogins).where(eq(failedLogins.username, username.toLowerCase()));
    },

    async deleteOldFailures(before: Date): Promise<void> {
      await db.delete(failedLogins).where(lt(failedLogins.createdAt, before));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
