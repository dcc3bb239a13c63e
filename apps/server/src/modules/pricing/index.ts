/**
 * What messages cost: the business's rates per market and category, which campaigns' estimates and spend read.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { createMessagePrices, type MessagePrices } from './message-prices.ts';
export { registerPricing } from './pricing.plugin.ts';
