import type { Campaign, CampaignCounts, CampaignProgressEvent } from '@wac/contract/campaigns';

/** Recipients the dispatch is done with: sent (and further along), failed or skipped. */
export function settledCount(counts: CampaignCounts): number {
  return counts.sent + counts.delivered + counts.read + counts.failed + counts.skipped;
}

/** How far the sending has got, 0 to 100 (spec 9: capped at 100%); 0 for a campaign with nobody in it. */
export function progressPercent(counts: CampaignCounts): number {
  if (counts.total <= 0) return 0;
  return Math.min(100, Math.max(0, (settledCount(counts) / counts.total) * 100));
}

/** The counts a person reads under the bar, in the order a message goes through them. */
export const countLabels = [
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['read', 'Read'],
  ['failed', 'Failed'],
  ['skipped', 'Skipped'],
] as const satisfies readonly (readonly [keyof CampaignCounts, string])[];

type Progressing = Pick<Campaign, 'status' | 'statusReason' | 'counts'>;

/** A campaign (or its status) with a progress event's news in it; the same object when the event is about another. */
export function withProgress<T extends Progressing & { _id: string }>(campaign: T, event: CampaignProgressEvent): T {
  if (campaign._id !== event.campaignId) return campaign;
  return { ...campaign, status: event.status, statusReason: event.statusReason, counts: event.counts };
}
