/**
 * Sign-in and sessions: the HTTP guards and the realtime server authenticate through its session authenticator.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type AuthDeps, registerAuth } from './auth.plugin.ts';
export type { AuthService, AuthServiceDeps } from './auth.service.ts';
export { createAuthService, createSessionAuthenticator, expireSessionsFromCommand } from './auth.service.ts';
