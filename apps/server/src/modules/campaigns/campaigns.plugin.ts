import type { FastifyInstance } from 'fastify';
import { type CampaignsDeps, createCampaignDeps } from './campaign-deps.ts';
import { createCampaignDispatcher, defaultDispatcherOptions } from './campaign-dispatcher.ts';
import { campaignReportsRoutes } from './campaign-reports.routes.ts';
import { createCampaignReportsService } from './campaign-reports.service.ts';
import { campaignStatusHandler } from './campaign-statuses.ts';
import { campaignDispatchLoop, startDueCampaignsJob } from './campaigns.jobs.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { createCampaignsService } from './campaigns.service.ts';
import { warnOfRecategorisedTemplates } from './template-recategorisations.ts';

/** Bulk template campaigns: drafts, audiences, scheduling, the paced dispatch, recipients' statuses and reports. */
export async function registerCampaigns(app: FastifyInstance, domain: CampaignsDeps): Promise<void> {
  const deps = createCampaignDeps(domain);
  const dispatcher = createCampaignDispatcher(deps, { ...defaultDispatcherOptions, paced: domain.config.campaignPacing });
  const service = createCampaignsService(deps, dispatcher.loop);

  // Meta's statuses of campaign messages reach their recipients through messaging's webhook batches; Meta's
  // recategorisations of a template a scheduled or running campaign sends are told to the admins.
  const statusesOf = campaignStatusHandler(deps);
  deps.events.subscribe({
    subscriber: 'campaigns',
    types: ['webhook.received'],
    phase: 'in-transaction',
    handle: async (tx, events) => {
      const changes = events.flatMap((event) => event.changes);
      await warnOfRecategorisedTemplates(deps, tx, changes);
      return statusesOf(tx, changes);
    },
  });
  domain.jobs.claimLoop(campaignDispatchLoop(deps.db, dispatcher));
  domain.jobs.schedule(startDueCampaignsJob(deps, service));

  await app.register(campaignsRoutes, { service, uploads: domain.uploads });
  await app.register(campaignReportsRoutes, { reports: createCampaignReportsService(deps) });
}
