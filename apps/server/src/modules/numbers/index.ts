/**
 * The business's WhatsApp numbers: which numbers the console answers on, and which one each send leaves from.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type BusinessNumbers, createBusinessNumbers } from './business-numbers.ts';
export { registerNumbers } from './numbers.plugin.ts';
