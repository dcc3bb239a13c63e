/**
 * Health: whether the server and its database answer.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type HealthDeps, registerHealth } from './health.plugin.ts';
