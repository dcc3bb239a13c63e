import type { CampaignCounts } from '@wac/contract/campaigns';

/** A campaign's figures for a test: zero but for what `patch` says. */
export const campaignCounts = (patch: Partial<CampaignCounts>): CampaignCounts => ({
  total: 0,
  pending: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
  held: 0,
  ...patch,
});
