import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { authTokens, sessions, signInAttempts } from '../../db/schema.ts';
import { userJoin } from '../accounts/index.ts';

/** The account a session belongs to, read with it in one query (on every request). */
const account = userJoin(sessions.userId);

export type TokenPurpose = 'password_reset' | 'email_verification';

export function createAuthRepository(db: Db) {
  return {
    async createSession(values: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row?.id ?? 0;
    },

    async findSession(tokenHash: string) {
      const [row] = await db
        .select({ sessionId: sessions.id, user: account.table })
        .from(sessions)
        .innerJoin(account.table, account.on)
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

    /**
     * Ends every session of the user from outside the server (a command): they are refused at once, and the running
     * server's cleanup deletes them and closes their sockets within a minute.
     */
    async expireSessions(userId: number, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(sessions)
        .set({ expiresAt: sql`least(${sessions.expiresAt}, now())` })
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Ends expired sessions; answers their ids so their sockets can be closed. */
    async deleteExpiredSessions(): Promise<number[]> {
      const rows = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    async createToken(values: { userId: number; purpose: TokenPurpose; tokenHash: string; expiresAt: Date }, tx: DbOrTx = db) {
      await tx.insert(authTokens).values(values);
    },

    /** Serialises the account's link mails until the transaction ends. */
    async lockAccountMail(userId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('account_mail'), ${userId})`);
    },

    async tokenCreatedSince(userId: number, purpose: TokenPurpose, since: Date, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), gt(authTokens.createdAt, since)))
        .limit(1);
      return Boolean(row);
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

    /**
     * Counts a sign-in attempt for the account from this address, atomically (the row lock orders parallel attempts),
     * before any password is checked. Answers this pair's count in its window, when that window started, and the count
     * for the account from every address.
     */
    async countSignInAttempt(username: string, ip: string, windowMs: number) {
      const key = username.toLowerCase();
      const windowStart = sql`now() - make_interval(secs => ${windowMs / 1000})`;
      const { rows } = await db.execute<{ attempts: number; window_started_at: Date; account_attempts: number }>(sql`
        WITH counted AS (
          INSERT INTO sign_in_attempts AS a (username, ip, window_started_at, attempts) VALUES (${key}, ${ip}, now(), 1)
          ON CONFLICT (username, ip) DO UPDATE SET
            attempts = CASE WHEN a.window_started_at < ${windowStart} THEN 1 ELSE a.attempts + 1 END,
            window_started_at = CASE WHEN a.window_started_at < ${windowStart} THEN now() ELSE a.window_started_at END
          RETURNING attempts, window_started_at
        )
        SELECT counted.attempts, counted.window_started_at,
          counted.attempts + (
            SELECT coalesce(sum(o.attempts), 0)::int FROM sign_in_attempts o
            WHERE o.username = ${key} AND o.ip <> ${ip} AND o.window_started_at >= ${windowStart}
          ) AS account_attempts
        FROM counted`);
      const row = rows[0];
      if (!row) throw new Error('sign-in attempt not counted');
      return { attempts: row.attempts, windowStartedAt: new Date(row.window_started_at), accountAttempts: row.account_attempts };
    },

    /** A successful sign-in forgets its own address's attempts; other addresses' stay counted. */
    async clearSignInAttempts(username: string, ip: string): Promise<void> {
      await db.delete(signInAttempts).where(and(eq(signInAttempts.username, username.toLowerCase()), eq(signInAttempts.ip, ip)));
    },

    async deleteStaleSignInAttempts(windowMs: number): Promise<number> {
      const rows = await db
        .delete(signInAttempts)
        .where(lt(signInAttempts.windowStartedAt, new Date(Date.now() - windowMs)))
        .returning({ ip: signInAttempts.ip });
      return rows.length;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
