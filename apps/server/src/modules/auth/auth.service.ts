import type { User } from '@wac/contract/auth';
import { RESET_LINK_LIFETIME_MS } from '@wac/contract/password-policy';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, unauthorized } from '../../http/app-error.ts';
import { hashPassword, hashToken, newSecretToken, verifyPassword } from '../../lib/secrets.ts';
import { disconnectSessions } from '../../realtime/realtime.ts';
import { toUser } from '../users/user-dto.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { AuthRepository } from './auth.repository.ts';

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const REMEMBERED_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const VERIFICATION_LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid username or password';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function createAuthService(ctx: AppContext, auth: AuthRepository, users: UsersRepository) {
  const { activities, mailer, config } = ctx;

  async function assertNotThrottled(username: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
    const { byUser, byIp } = await auth.countRecentFailures(username, ip, since);
    if (byUser >= config.loginMaxFailures || byIp >= config.loginMaxFailures) {
      throw new AppError('RATE_LIMIT_EXCEEDED', 'Too many failed sign-in attempts. Please wait 15 minutes and try again.', 429, undefined, {
        retryAfter: THROTTLE_WINDOW_MS / 1000,
      });
    }
  }

  async function mailLink(purpose: 'password_reset' | 'email_verification', user: { id: number; username: string; email: string }) {
    const token = newSecretToken();
    const lifetime = purpose === 'password_reset' ? RESET_LINK_LIFETIME_MS : VERIFICATION_LINK_LIFETIME_MS;
    await auth.expireTokens(user.id, purpose);
    await auth.createToken({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetime) });
    const page = purpose === 'password_reset' ? 'reset-password' : 'verify-email';
    const link = `${config.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
    return mailer.sendTemplate(purpose, user.email, { username: user.username, link });
  }

  /** For answers that must not reveal whether an address exists: neither a mail failure nor the SMTP round trip shows. */
  function deliverInBackground(sending: Promise<void>, purpose: string): void {
    sending.catch((err: unknown) => ctx.log.error({ err, purpose }, 'could not send mail'));
  }

  return {
    async login(input: { username: string; password: string; remember?: boolean }, meta: RequestMeta) {
      await assertNotThrottled(input.username, meta.ip);
      const row = await users.findByUsername(input.username);
      const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyPassword(DUMMY_HASH, input.password);
      if (!row || !ok) {
        await auth.recordFailedLogin(input.username, meta.ip);
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
      await auth.clearFailures(input.username);
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

    async authenticate(token: string): Promise<{ user: User; sessionId: number } | null> {
      const found = await auth.findSession(hashToken(token));
      return found ? { user: toUser(found.user), sessionId: found.sessionId } : null;
    },

    async validateToken(token: string): Promise<User> {
      const found = await this.authenticate(token);
      if (!found) throw new AppError('INVALID_TOKEN', 'Invalid or expired token', 401);
      return found.user;
    },

    async logout(token: string, user: User, meta: RequestMeta): Promise<void> {
      const sessionId = await auth.deleteSession(hashToken(token));
      if (sessionId) disconnectSessions(ctx.realtime, [sessionId]);
      await activities.record({ type: 'logout', sourceType: 'auth', userId: user.id, ip: meta.ip, data: { username: user.username } });
    },

    async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
      const row = await users.findByEmail(email);
      if (!row?.email) return;
      deliverInBackground(mailLink('password_reset', { id: row.id, username: row.username, email: row.email }), 'password_reset');
      await activities.record({
        type: 'password_reset_requested',
        sourceType: 'auth',
        userId: row.id,
        ip: meta.ip,
        data: { username: row.username },
      });
    },

    async resetPassword(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const result = await ctx.database.db.transaction(async (tx) => {
        const userId = await auth.consumeToken(hashToken(token), 'password_reset', tx);
        if (!userId) return null;
        await users.setPassword(userId, passwordHash, tx);
        const ended = await auth.deleteOtherSessions(userId, null, tx);
        const user = await users.findById(userId, tx);
        const recorded = await activities.record(
          { type: 'password_reset', sourceType: 'auth', userId, ip: meta.ip, data: { username: user?.username } },
          tx,
        );
        return { ended, publish: recorded.publish };
      });
      if (!result) throw badRequest('This password reset link is invalid or has expired. Please request a new password reset.');
      disconnectSessions(ctx.realtime, result.ended);
      result.publish();
    },

    async changeOwnPassword(user: User, sessionId: number, current: string, next: string, meta: RequestMeta): Promise<void> {
      const row = await users.findById(user.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, current))) throw badRequest('Current password is incorrect');
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
      const { ended, publish } = await ctx.database.db.transaction(async (tx) => {
        await users.setPassword(userId, passwordHash, tx);
        const endedIds = await auth.deleteOtherSessions(userId, keepSessionId, tx);
        const recorded = await activities.record(
          {
            type: audit.type,
            sourceType: 'user',
            userId: audit.actor.id,
            ip: audit.meta.ip,
            data: { username: audit.actor.username, ...(audit.target ? { name: audit.target } : {}) },
          },
          tx,
        );
        return { ended: endedIds, publish: recorded.publish };
      });
      disconnectSessions(ctx.realtime, ended);
      publish();
    },

    async verifyEmail(token: string): Promise<void> {
      const done = await ctx.database.db.transaction(async (tx) => {
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

    async resendVerification(email: string): Promise<void> {
      const row = await users.findByEmail(email);
      if (row) deliverInBackground(this.sendVerification(row), 'email_verification');
    },
  };
}

/** Verifying against a fixed hash keeps unknown usernames as slow as wrong passwords. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0xS8C2R2B5VnT7SNp4X5w9xY5d9h0rXzJ8o3l1c0bXo';

export type AuthService = ReturnType<typeof createAuthService>;
