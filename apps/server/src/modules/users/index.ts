/**
 * Users: accounts, roles and profiles.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { toUser } from './user-dto.ts';
export { registerUsers, type UsersDeps } from './users.plugin.ts';
export type { UsersRepository } from './users.repository.ts';
export { createUsersRepository } from './users.repository.ts';
