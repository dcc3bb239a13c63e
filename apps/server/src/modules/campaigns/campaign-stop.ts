import type { Tx } from '../../db/database.ts';
import { afterCommit } from '../../realtime/after-commit.ts';
import { type CampaignDeps, recordSystemCampaignActivity } from './campaign-deps.ts';
import { emitProgressNow } from './campaign-progress.ts';
import { type CampaignRow, holdCampaign, updateCampaign } from './campaigns.repository.ts';

/**
 * The dispatch pauses a running campaign it cannot go on with (its template paused or disabled at Meta, the daily
 * messages quota used up), saying why, with an activity every admin is notified of. The caller holds the campaign.
 */
export async function pauseRunning(deps: CampaignDeps, tx: Tx, campaign: CampaignRow, reason: string): Promise<void> {
  await holdCampaign(tx, campaign.id);
  await updateCampaign(tx, campaign.id, { status: 'paused', statusReason: reason });
  await recordSystemCampaignActivity(deps, tx, 'campaign_paused', campaign.name, reason);
  deps.log.warn({ campaignId: campaign.id, reason }, 'campaign paused by the dispatch');
  afterCommit(tx, () => void emitProgressNow(deps, campaign.id));
}
