/**
 * Bulk template campaigns: drafts, audiences, the paced dispatch, recipients' statuses and reports.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { campaignsPlugin } from './campaigns.plugin.ts';
