import type { Campaign, CampaignCounts, CampaignProgressEvent } from '@wac/contract/campaigns';

/**
 * Recipients the dispatch is done with: sent (delivered and read ones included), failed, skipped, or held back by Meta
 * (a retry, when the campaign asks for one, puts them back in the queue).
 */
export function settledCount(counts: CampaignCounts): number {
  return counts.sent + counts.failed + counts.skipped + counts.held;
}

/**
 * How far the sending has got, in whole percent, 0 to 100 (spec 9: capped at 100%); 0 for a campaign with nobody in
 * it. Rounded down, so 100% means every recipient is done.
 */
export function progressPercent(counts: CampaignCounts): number {
  if (counts.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((settledCount(counts) / counts.total) * 100)));
}

/** "12 of 40 · 30%": the bar's figures in words, the same for the eye and for a screen reader. */
export function progressText(counts: CampaignCounts): string {
  return `${settledCount(counts).toLocaleString('en')} of ${counts.total.toLocaleString('en')} · ${progressPercent(counts)}%`;
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
