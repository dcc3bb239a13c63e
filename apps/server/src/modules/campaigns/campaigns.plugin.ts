import type { FastifyInstance } from 'fastify';
import { type CampaignsDeps, createCampaignDeps } from './campaign-deps.ts';
import { createCampaignDispatcher, defaultDispatcherOptions } from './campaign-dispatcher.ts';
import { campaignReportsRoutes } from './campaign-reports.routes.ts';
import { createCampaignReportsService } from './campaign-reports.service.ts';
import { campaignStatusHandler } from './campaign-statuses.ts';
import { campaignDispatchLoop, startDueCampaignsJob } from './campaigns.jobs.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { createCampaignsService } from './campaigns.service.ts';

/** Bulk template campaigns: drafts, audiences, scheduling, the paced dispatch, recipients' statuses and reports. */
export async function registerCampaigns(app: FastifyInstance, domain: CampaignsDeps): Promise<void> {
  const deps = createCampaignDeps(domain);
  const dispatcher = createCampaignDispatcher(deps, { ...defaultDispatcherOptions, paced: domain.config.campaignPacing });
  const service = createCampaignsService(deps, dispatcher.loop);

  // Meta's statuses of campaign messages reach their recipients through messaging's webhook batches.
  const statusesOf = campaignStatusHandler(deps);
  deps.events.subscribe({
    subscriber: 'campaigns',
    types: ['webhook.received'],
    phase: 'in-transaction',
    handle: (tx, events) =>
      statusesOf(
        tx,
        events.flatMap((event) => event.changes),
      ),
  });
  domain.jobs.claimLoop(campaignDispatchLoop(deps.db, dispatcher));
  domain.jobs.schedule(startDueCampaignsJob(deps, service));

  await app.register(campaignsRoutes, { service, uploads: domain.uploads });
  await app.register(campaignReportsRoutes, { reports: createCampaignReportsService(deps) });
}
