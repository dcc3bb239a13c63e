/**
 * The public sending API: API-key calls, idempotency and their OpenAPI descriptions.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export type { Idempotency } from './idempotency.ts';
export { createIdempotency, sendAnswer } from './idempotency.ts';
export {
  idempotencyHeaders,
  publicApiDocsTag,
  publicApiSecurity,
  publicApiTags,
  sendRefusals,
  sendTemplateDoc,
  sentMessageDoc,
} from './public-api.docs.ts';
export { type PublicApiDeps, registerPublicApi } from './public-api.plugin.ts';
export { senderOf } from './public-sends.ts';
