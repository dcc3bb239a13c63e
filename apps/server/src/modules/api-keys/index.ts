/**
 * API keys: issuing and revoking keys, and what the HTTP guard checks a call against (access, quota, call log).
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export type { ApiCallLog } from './api-call-log.ts';
export type { ApiCallQuota } from './api-call-quota.ts';
export type { ApiKeyAccess } from './api-key-access.ts';
export { apiKeyJoin } from './api-key-reads.repository.ts';
export { type ApiKeysDeps, registerApiKeys } from './api-keys.plugin.ts';
