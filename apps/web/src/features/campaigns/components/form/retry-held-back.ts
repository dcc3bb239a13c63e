import type { Campaign } from '@wac/contract/campaigns';

export const retryHeldBackHint =
  'Meta may hold back a marketing message a customer has had too many of (error 131049). Held-back recipients are sent again after 24 hours, then 48 and 96.';

/** The field as the save sends it: only when it differs from the campaign's (false, the server's default, for a new one). */
export function retryHeldBackChange(retryHeldBack: boolean, campaign?: Pick<Campaign, 'retryHeldBack'>): { retryHeldBack?: boolean } {
  return retryHeldBack === (campaign?.retryHeldBack ?? false) ? {} : { retryHeldBack };
}
