/**
 * Outbound webhooks: what happened, told to the business's own systems.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type OutboundWebhooksDeps, registerOutboundWebhooks } from './outbound-webhooks.plugin.ts';
