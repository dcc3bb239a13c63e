import type { Tx } from '../../db/database.ts';
import type { TemplateUpdateItem, WebhookChanges } from '../../whatsapp/webhook/webhook-payload.ts';
import { type CampaignDeps, recordSystemCampaignActivity } from './campaign-deps.ts';
import { liveCampaignsOfTemplate } from './campaigns.repository.ts';

/** What the activity says of a recategorisation: done, or coming (Meta gives 24 hours' notice). */
function recategorisation(update: TemplateUpdateItem): string | null {
  if (update.coming) {
    return `Meta will re-categorise its template ${update.name} as ${update.coming.category} on ${update.coming.at.toISOString().slice(0, 16).replace('T', ' ')} UTC: check its price and the recipients' marketing opt-outs`;
  }
  if (update.category) return `Meta re-categorised its template ${update.name} as ${update.category}`;
  return null;
}

/**
 * A template of a scheduled or running campaign re-categorised by Meta (or about to be): each such campaign gets an
 * activity (and so a notification) saying so, in the webhook batch's transaction. Meta names the template by name and
 * language; an update without them is left to the template screens.
 */
export async function warnOfRecategorisedTemplates(deps: CampaignDeps, tx: Tx, changes: WebhookChanges[]): Promise<void> {
  for (const update of changes.flatMap((change) => change.templates)) {
    const details = recategorisation(update);
    if (!details || !update.name || !update.language) continue;
    for (const campaign of await liveCampaignsOfTemplate(tx, update.name, update.language)) {
      await recordSystemCampaignActivity(deps, tx, 'campaign_template_recategorized', campaign.name, details);
    }
  }
}
