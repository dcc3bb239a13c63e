import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type ClaimLoopKind, claimQueue, noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { CampaignDeps } from './campaign-deps.ts';
import { recordSystemCampaignActivity } from './campaign-deps.ts';
import { dispatchCounts, latestUnknownSends, requeueUnknownSend } from './campaign-dispatch.repository.ts';
import type { CampaignDispatcher } from './campaign-dispatcher.ts';
import { dueScheduledCampaigns, lockCampaign, updateCampaign } from './campaigns.repository.ts';
import type { CampaignsService } from './campaigns.service.ts';

const UNKNOWN_SHOWN = 20;

/** The dispatch on the jobs page: recipients waiting in running campaigns, and sends whose outcome is unknown. */
export function campaignDispatchLoop(db: Db, dispatcher: CampaignDispatcher): ClaimLoopKind {
  return {
    name: 'campaigns.dispatch',
    title: 'Send campaigns',
    loop: dispatcher.loop,
    async queue() {
      const counts = await dispatchCounts(db);
      const unknown = await latestUnknownSends(db, UNKNOWN_SHOWN);
      return claimQueue(
        counts,
        unknown.map((row) => ({ ...row, at: row.at ?? new Date() })),
      );
    },
    /** An admin decided a send of unknown outcome did not reach the customer: it goes again. */
    async retry(id) {
      return requeueUnknownSend(db, id);
    },
  };
}

const DUE_CHECK_MS = 5_000;

/**
 * Starts scheduled campaigns whose time came, including those missed while every server was down. One process runs
 * it per period, and the start locks the campaign, so it starts once. A campaign that cannot start fails, saying why.
 */
export function startDueCampaignsJob(deps: CampaignDeps, service: Pick<CampaignsService, 'startDue'>): ScheduledJobKind {
  return {
    name: 'campaigns.start-due',
    title: 'Start scheduled campaigns',
    payload: noPayload,
    everyMs: DUE_CHECK_MS,
    handler: async () => {
      const due = await dueScheduledCampaigns(deps.db);
      for (const campaign of due) {
        try {
          await service.startDue(campaign.id);
        } catch (err) {
          if (!(err instanceof AppError) || err.status === 409) throw err;
          await failScheduled(deps, campaign, err.message);
        }
      }
    },
  };
}

async function failScheduled(deps: CampaignDeps, campaign: { id: number; name: string }, reason: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const row = await lockCampaign(tx, campaign.id);
    if (row?.status !== 'scheduled') return;
    await updateCampaign(tx, campaign.id, { status: 'failed', statusReason: `It could not start on schedule: ${reason}` });
    await recordSystemCampaignActivity(deps, tx, 'campaign_failed', campaign.name, reason);
  });
}
