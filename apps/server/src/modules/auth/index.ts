/**
 * Sign-in and sessions: the HTTP guards and the realtime server authenticate through its service.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { authPlugin } from './auth.plugin.ts';
export type { AuthService, RequestMeta } from './auth.service.ts';
export { createAuthService, expireSessionsFromCommand } from './auth.service.ts';
