/**
 * Bulk template campaigns: drafts, audiences, the paced dispatch, recipients' statuses and reports.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export type { CampaignsDeps } from './campaign-deps.ts';
export { registerCampaigns } from './campaigns.plugin.ts';
export { campaignNamesByIds, campaignsOfSends } from './campaigns.repository.ts';
