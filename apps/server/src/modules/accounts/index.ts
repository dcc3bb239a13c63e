/**
 * Accounts: the users table, its rows read and written for sign-in, recovery, the first start and the users admin, and
 * the usernames other domains show beside what a user did.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export {
  createUserAccounts,
  type UserAccounts,
  type UserListFilter,
  type UserRow,
} from './user-accounts.repository.ts';
export { toUser } from './user-dto.ts';
export { activitiesReadThrough, userJoin, usernamesByIds } from './user-reads.repository.ts';
