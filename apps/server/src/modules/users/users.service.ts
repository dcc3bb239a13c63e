import type { Role, User } from '@wac/contract/auth';
import { paginationOf } from '@wac/contract/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import type { RequestMeta } from '../../http/auth-guard.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import { type Realtime, rooms } from '../../realtime/realtime.ts';
import { createUserAccounts, toUser, type UserAccounts, type UserListFilter, type UserRow } from '../accounts/index.ts';
import type { ActivityService } from '../activities/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { LicenseService } from '../license/index.ts';

const USERNAME_TAKEN = 'Username is already taken';
const EMAIL_IN_USE = 'Email is already in use';
const USER_NOT_FOUND = 'User not found';
const LAST_ADMIN = 'There must be at least one admin';

const selfForbidden = (message: string) => new AppError('FORBIDDEN', message, 403);

/** The unique index a concurrent insert or update tripped over, if that is what failed. */
function uniqueViolation(err: unknown): 'username' | 'email' | null {
  const candidates = [err, (err as { cause?: unknown } | null)?.cause] as ({ code?: string; constraint?: string } | undefined)[];
  const pgError = candidates.find((e) => e?.code === '23505');
  if (!pgError) return null;
  return pgError.constraint === 'users_email_lower_idx' ? 'email' : 'username';
}

async function withUniqueMessages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const field = uniqueViolation(err);
    if (field) throw conflict(field === 'email' ? EMAIL_IN_USE : USERNAME_TAKEN);
    throw err;
  }
}

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
  role: Role;
}

export interface UpdateUserInput {
  username?: string;
  email?: string;
  role?: Role;
}

export interface UsersServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  realtime: Realtime;
  activities: ActivityService;
  /** The users quota, counted here. */
  license: LicenseService;
  /** Verification mails for new addresses. */
  auth: AuthService;
}

export function createUsersService({ db, log, realtime, activities, license, auth: authService }: UsersServiceDeps) {
  const users = createUserAccounts(db);
  license.registerUsage('users', (tx) => users.countAll(tx));

  async function assertAvailable(values: { username?: string; email?: string }, exceptId: number | null, tx: DbOrTx) {
    const taken = await users.findTaken(values, exceptId, tx);
    if (taken.username) throw conflict(USERNAME_TAKEN);
    if (taken.email) throw conflict(EMAIL_IN_USE);
  }

  /** The account exists either way; a mail failure is logged and the user can ask for a new link. */
  async function sendVerification(row: UserRow): Promise<void> {
    try {
      await authService.sendVerification(row);
    } catch (err) {
      log.warn({ err, userId: row.id }, 'could not send the verification email');
    }
  }

  /** Sockets joined a role room when they connected; closing them makes the client reconnect into the right one. */
  function disconnectSockets(userId: number): void {
    realtime.io.in(rooms.user(userId)).disconnectSockets(true);
  }

  function audit(actor: User, meta: RequestMeta, type: string, data: Record<string, string>, tx: DbOrTx) {
    return activities.record({ type, sourceType: 'user', userId: actor.id, ip: meta.ip, data: { username: actor.username, ...data } }, tx);
  }

  return {
    async list(query: UserListFilter & { page: number; limit: number }) {
      const { rows, total } = await users.list(
        { search: query.search || undefined, role: query.role },
        query.limit,
        (query.page - 1) * query.limit,
      );
      return { users: rows.map(toUser), pagination: paginationOf(query.page, query.limit, total) };
    },

    async create(actor: User, input: CreateUserInput, meta: RequestMeta): Promise<User> {
      const passwordHash = await hashPassword(input.password);
      const row = await withUniqueMessages(() =>
        inTransaction(db, async (tx) => {
          await assertAvailable(input, null, tx);
          await license.checkQuota(tx, 'users', 1);
          const created = await users.insert({ username: input.username, email: input.email, passwordHash, role: input.role }, tx);
          await audit(actor, meta, 'user_created', { name: created.username, action: 'created', status: created.role }, tx);
          return created;
        }),
      );
      await sendVerification(row);
      return toUser(row);
    },

    async update(actor: User, id: number, input: UpdateUserInput, meta: RequestMeta): Promise<User> {
      const result = await withUniqueMessages(() =>
        inTransaction(db, async (tx) => {
          // A demotion locks every admin row first, so two admins demoting or deleting each other queue up
          // and the second sees the first's result: the admin count below cannot be stale.
          const admins = input.role === 'agent' ? await users.lockAdmins(tx) : null;
          const target = await users.findByIdForUpdate(id, tx);
          if (!target) throw notFound(USER_NOT_FOUND);

          const changes: Parameters<UserAccounts['update']>[1] = {};
          if (input.username !== undefined && input.username !== target.username) changes.username = input.username;
          if (input.email !== undefined && input.email !== target.email?.toLowerCase()) {
            changes.email = input.email;
            changes.emailVerifiedAt = null;
          }
          if (input.role !== undefined && input.role !== target.role) {
            if (target.id === actor.id) throw selfForbidden('You cannot change your own role');
            if (target.role === 'admin' && (admins ?? []).filter((adminId) => adminId !== target.id).length === 0) {
              throw conflict(LAST_ADMIN);
            }
            changes.role = input.role;
          }
          const changed = Object.keys(changes).filter((k) => k !== 'emailVerifiedAt');
          if (changed.length === 0) return { row: target, changed };

          await assertAvailable({ username: changes.username, email: changes.email ?? undefined }, id, tx);
          const updated = await users.update(id, changes, tx);
          if (!updated) throw notFound(USER_NOT_FOUND);
          await audit(actor, meta, 'user_updated', { name: updated.username, action: 'updated', details: changed.join(', ') }, tx);
          return { row: updated, changed };
        }),
      );
      if (result.changed.includes('role')) disconnectSockets(id);
      if (result.changed.includes('email')) await sendVerification(result.row);
      return toUser(result.row);
    },

    /** Your own address, as an admin would set it: unverified until its link is followed, which is mailed now. */
    changeOwnEmail(actor: User, email: string, meta: RequestMeta): Promise<User> {
      return this.update(actor, actor.id, { email }, meta);
    },

    async delete(actor: User, id: number, meta: RequestMeta): Promise<void> {
      if (id === actor.id) throw selfForbidden('You cannot delete your own account');
      await inTransaction(db, async (tx) => {
        const admins = await users.lockAdmins(tx);
        const target = await users.findByIdForUpdate(id, tx);
        if (!target) throw notFound(USER_NOT_FOUND);
        if (target.role === 'admin' && admins.filter((adminId) => adminId !== target.id).length === 0) throw conflict(LAST_ADMIN);
        await users.delete(id, tx);
        await audit(actor, meta, 'user_deleted', { name: target.username, action: 'deleted' }, tx);
      });
      disconnectSockets(id);
    },

    /** Ends every session of the user, except the caller's own when admins set their own password here. */
    async setPassword(actor: User, actorSessionId: number | null, id: number, password: string, meta: RequestMeta): Promise<void> {
      const target = await users.findById(id);
      if (!target) throw notFound(USER_NOT_FOUND);
      const keepSessionId = target.id === actor.id ? actorSessionId : null;
      await authService.setPassword(id, password, keepSessionId, { type: 'user_password_set', actor, meta, target: target.username });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
