import { setTimeout as sleep } from 'node:timers/promises';
import type { User } from '@wac/contract/auth';
import { RESET_LINK_LIFETIME_MS } from '@wac/contract/password-policy';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError, badRequest, unauthorized } from '../../http/app-error.ts';
import type { RequestMeta } from '../../http/auth-guard.ts';
import { hashPassword, hashToken, newSecretToken, verifyPassword } from '../../lib/secrets.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { type Authenticate, disconnectSessions, type Realtime } from '../../realtime/realtime.ts';
import { createUserAccounts, toUser } from '../accounts/index.ts';
import type { ActivityService } from '../activities/index.ts';
import type { Mailer } from '../email/index.ts';
import { createAuthRepository, type TokenPurpose } from './auth.repository.ts';

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const REMEMBERED_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const VERIFICATION_LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid username or password';
/** Past the limit, each further attempt on an account (from any address) waits twice as long, up to this. */
const FIRST_ACCOUNT_DELAY_MS = 100;
const MAX_ACCOUNT_DELAY_MS = 5000;

/** How long an attempt waits when the account has seen `accountAttempts` attempts (this one included) in the window. */
export function accountDelayMs(accountAttempts: number, limit: number): number {
  const over = accountAttempts - 1 - limit;
  return over < 0 ? 0 : Math.min(FIRST_ACCOUNT_DELAY_MS * 2 ** over, MAX_ACCOUNT_DELAY_MS);
}

/**
 * Who a session token belongs to, from the sessions table alone: the HTTP guards and the realtime server take it, so
 * it is built before them, and before the auth service, which closes sockets through the realtime server.
 */
export function createSessionAuthenticator({ db }: { db: Db }): Authenticate {
  const auth = createAuthRepository(db);
  return async (token) => {
    const found = await auth.findSession(hashToken(token));
    return found ? { user: toUser(found.user), sessionId: found.sessionId } : null;
  };
}

export interface AuthServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'loginMaxFailures' | 'accountMailIntervalMs' | 'publicUrl'>;
  realtime: Realtime;
  activities: ActivityService;
  mailer: Mailer;
  /** The session authenticator (createSessionAuthenticator), for validate-token. */
  authenticate: Authenticate;
}

export function createAuthService({ db, log, config, realtime, activities, mailer, authenticate }: AuthServiceDeps) {
  const auth = createAuthRepository(db);
  const users = createUserAccounts(db);

  /**
   * Counts the attempt before any password is checked: an address gets `loginMaxFailures` tries per account and
   * window, so a burst in parallel gets no more; the account itself only slows down, so its owner can still sign in
   * from elsewhere during an attack.
   */
  async function countAttempt(username: string, ip: string, tooMany = 'Too many failed sign-in attempts.'): Promise<void> {
    const counted = await auth.countSignInAttempt(username, ip, THROTTLE_WINDOW_MS);
    if (counted.attempts > config.loginMaxFailures) {
      const minutesLeft = Math.max(1, Math.ceil((counted.windowStartedAt.getTime() + THROTTLE_WINDOW_MS - Date.now()) / 60_000));
      throw new AppError(
        'RATE_LIMIT_EXCEEDED',
        `${tooMany} Please wait ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'} and try again.`,
        429,
        undefined,
        { retryAfter: minutesLeft * 60 },
      );
    }
    const delay = accountDelayMs(counted.accountAttempts, config.loginMaxFailures);
    if (delay > 0) await sleep(delay);
  }

  /**
   * Makes a new single-use link and mails it. With `onePerInterval` (the public routes) an account gets at most one
   * such mail per interval, checked under a per-account lock so parallel requests cannot each send one.
   */
  async function mailLink(
    purpose: TokenPurpose,
    user: { id: number; username: string; email: string },
    options: { onePerInterval?: boolean } = {},
  ): Promise<boolean> {
    const token = newSecretToken();
    const lifetime = purpose === 'password_reset' ? RESET_LINK_LIFETIME_MS : VERIFICATION_LINK_LIFETIME_MS;
    const created = await db.transaction(async (tx) => {
      if (options.onePerInterval) {
        await auth.lockAccountMail(user.id, tx);
        if (await auth.tokenCreatedSince(user.id, purpose, new Date(Date.now() - config.accountMailIntervalMs), tx)) return false;
      }
      await auth.expireTokens(user.id, purpose, tx);
      await auth.createToken({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetime) }, tx);
      return true;
    });
    if (!created) return false;
    const page = purpose === 'password_reset' ? 'reset-password' : 'verify-email';
    const link = `${config.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
    await mailer.sendTemplate(purpose, user.email, { username: user.username, link });
    return true;
  }

  /**
   * For answers that must not reveal whether an address exists: the request answers at once and the lookup, the mail
   * and its activity happen afterwards, so neither their time nor their failure shows.
   */
  const background = new Set<Promise<void>>();
  function runInBackground(work: () => Promise<void>, purpose: string): void {
    const running = work().catch((err: unknown) => log.error({ err, purpose }, 'could not send mail'));
    background.add(running);
    void running.finally(() => background.delete(running));
  }

  return {
    async login(input: { username: string; password: string; remember?: boolean }, meta: RequestMeta) {
      await countAttempt(input.username, meta.ip);
      const row = await users.findByUsername(input.username);
      const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyPassword(DUMMY_HASH, input.password);
      if (!row || !ok) {
        await activities.record({
          type: 'login_failed',
          sourceType: 'auth',
          userId: row?.id ?? null,
          ip: meta.ip,
          data: { username: input.username, status: 'failed', details: 'Wrong username or password' },
        });
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS, 401);
      }
      if (row.email && !row.emailVerifiedAt && (await mailer.verificationRequired())) {
        throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address before signing in. Check your inbox for the link.', 403);
      }
      await auth.clearSignInAttempts(input.username, meta.ip);
      const token = newSecretToken();
      const lifetime = input.remember ? REMEMBERED_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS;
      await auth.createSession({
        userId: row.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + lifetime),
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      await activities.record({
        type: 'login',
        sourceType: 'auth',
        userId: row.id,
        ip: meta.ip,
        data: { username: row.username, status: 'success' },
      });
      return { token, user: toUser(row) };
    },

    async validateToken(token: string): Promise<User> {
      const found = await authenticate(token);
      if (!found) throw new AppError('INVALID_TOKEN', 'Invalid or expired token', 401);
      return found.user;
    },

    async logout(token: string, user: User, meta: RequestMeta): Promise<void> {
      const sessionId = await auth.deleteSession(hashToken(token));
      if (sessionId) disconnectSessions(realtime, [sessionId]);
      await activities.record({ type: 'logout', sourceType: 'auth', userId: user.id, ip: meta.ip, data: { username: user.username } });
    },

    /** Answers nothing: whether the address exists, and whether a mail went out, never show to the caller. */
    requestPasswordReset(email: string, meta: RequestMeta): void {
      runInBackground(async () => {
        const row = await users.findByEmail(email);
        if (!row?.email) return;
        const sent = await mailLink('password_reset', { id: row.id, username: row.username, email: row.email }, { onePerInterval: true });
        if (!sent) return;
        await activities.record({
          type: 'password_reset_requested',
          sourceType: 'auth',
          userId: row.id,
          ip: meta.ip,
          data: { username: row.username },
        });
      }, 'password_reset');
    },

    async resetPassword(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const reset = await inTransaction(db, async (tx) => {
        const userId = await auth.consumeToken(hashToken(token), 'password_reset', tx);
        if (!userId) return false;
        await users.setPassword(userId, passwordHash, tx);
        const ended = await auth.deleteOtherSessions(userId, null, tx);
        afterCommit(tx, () => disconnectSessions(realtime, ended));
        const user = await users.findById(userId, tx);
        await activities.record(
          { type: 'password_reset', sourceType: 'auth', userId, ip: meta.ip, data: { username: user?.username } },
          tx,
        );
        return true;
      });
      if (!reset) throw badRequest('This password reset link is invalid or has expired. Please request a new password reset.');
    },

    /**
     * A guess at the current password counts as a sign-in attempt on the account from that address (the same budget,
     * counted before the check), so a stolen session cannot guess the password faster than the sign-in page allows.
     */
    async changeOwnPassword(user: User, sessionId: number, current: string, next: string, meta: RequestMeta): Promise<void> {
      const row = await users.findById(user.id);
      if (!row) throw unauthorized();
      await countAttempt(row.username, meta.ip, 'Too many wrong current passwords.');
      if (!(await verifyPassword(row.passwordHash, current))) throw badRequest('Current password is incorrect');
      await auth.clearSignInAttempts(row.username, meta.ip);
      await this.setPassword(user.id, next, sessionId, { type: 'password_changed', actor: user, meta });
    },

    /** Sets a password and ends the user's other sessions, in one transaction. */
    async setPassword(
      userId: number,
      password: string,
      keepSessionId: number | null,
      audit: { type: string; actor: User; meta: RequestMeta; target?: string },
    ): Promise<void> {
      const passwordHash = await hashPassword(password);
      await inTransaction(db, async (tx) => {
        await users.setPassword(userId, passwordHash, tx);
        const ended = await auth.deleteOtherSessions(userId, keepSessionId, tx);
        afterCommit(tx, () => disconnectSessions(realtime, ended));
        await activities.record(
          {
            type: audit.type,
            sourceType: 'user',
            userId: audit.actor.id,
            ip: audit.meta.ip,
            data: { username: audit.actor.username, ...(audit.target ? { name: audit.target } : {}) },
          },
          tx,
        );
      });
    },

    async verifyEmail(token: string): Promise<void> {
      const done = await db.transaction(async (tx) => {
        const userId = await auth.consumeToken(hashToken(token), 'email_verification', tx);
        if (userId) await users.markEmailVerified(userId, tx);
        return userId;
      });
      if (!done) throw badRequest('This verification link is invalid or has expired. Please request a new one.');
      await activities.record({ type: 'email_verified', sourceType: 'auth', userId: done, data: {} });
    },

    async sendVerification(user: { id: number; username: string; email: string | null; emailVerifiedAt: Date | null }) {
      if (!user.email || user.emailVerifiedAt) return;
      await mailLink('email_verification', { id: user.id, username: user.username, email: user.email });
    },

    /** Like requestPasswordReset: answers nothing, sends at most one link per address and interval. */
    requestVerificationMail(email: string): void {
      runInBackground(async () => {
        const row = await users.findByEmail(email);
        if (!row?.email || row.emailVerifiedAt) return;
        await mailLink('email_verification', { id: row.id, username: row.username, email: row.email }, { onePerInterval: true });
      }, 'email_verification');
    },

    /** Waits for mails still being prepared, so closing the app does not cut them off mid-query. */
    async drain(): Promise<void> {
      await Promise.allSettled([...background]);
    },
  };
}

/**
 * Ends every session of the user from a command run beside (or without) the server (npm run admin:reset-password),
 * inside its transaction: they are refused at once, and the running server closes their sockets within a minute.
 */
export function expireSessionsFromCommand(db: Db, userId: number, tx: DbOrTx): Promise<number> {
  return createAuthRepository(db).expireSessions(userId, tx);
}

/** Verifying against a fixed hash keeps unknown usernames as slow as wrong passwords. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0xS8C2R2B5VnT7SNp4X5w9xY5d9h0rXzJ8o3l1c0bXo';

export type AuthService = ReturnType<typeof createAuthService>;
