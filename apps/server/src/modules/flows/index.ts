/**
 * Bot flows: the builder's flows and the runtime that answers customers.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type FlowsDeps, registerFlows } from './flows.plugin.ts';
