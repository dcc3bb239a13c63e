import { type CampaignAction, campaignActionRefusal } from '@wac/contract/campaign-states';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { type CampaignRow, lockCampaign } from './campaigns.repository.ts';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** Locks the campaign and refuses the action (409, saying why) unless its status allows it. */
export async function lockedFor(tx: Tx, id: number, action: CampaignAction): Promise<CampaignRow> {
  const row = await lockCampaign(tx, id);
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  const refusal = campaignActionRefusal(row.status, action);
  if (refusal) throw conflict(refusal);
  return row;
}
