import type { Db } from '../../db/database.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * The account reads and writes that sign-in, password recovery and the first start need: finding an account by its
 * name, address or id, setting its password, marking its address verified, and creating the first admin. Managing
 * users (roles, the last admin, names taken) stays with the users service.
 */
export function createUserAccounts(db: Db) {
  const users = createUsersRepository(db);
  return {
    findById: users.findById,
    findByUsername: users.findByUsername,
    findByEmail: users.findByEmail,
    setPassword: users.setPassword,
    markEmailVerified: users.markEmailVerified,
    /** How many accounts there are: none before the first admin. */
    countAll: users.countAll,
    insert: users.insert,
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
