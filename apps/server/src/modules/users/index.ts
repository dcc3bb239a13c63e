/**
 * Users: accounts, roles and profiles.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */

export { createUserAccounts, type UserAccounts } from './user-accounts.ts';
export { toUser } from './user-dto.ts';
export { activitiesReadThrough, userJoin, usernamesByIds } from './user-reads.repository.ts';
export { registerUsers, type UsersDeps } from './users.plugin.ts';
