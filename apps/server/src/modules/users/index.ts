/**
 * Users: managing the accounts (roles, names, addresses, the last admin) and each user's own profile.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { registerUsers, type UsersDeps } from './users.plugin.ts';
