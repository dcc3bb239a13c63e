/**
 * The background jobs page: kinds, runs, failures and retries.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type JobsDeps, registerJobs } from './jobs.plugin.ts';
