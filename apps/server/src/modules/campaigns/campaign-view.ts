import { allowedCampaignActions } from '@wac/contract/campaign-states';
import type { Campaign, CampaignContact, CampaignCounts } from '@wac/contract/campaigns';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { CampaignRow, RecipientRow } from './campaigns.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCampaign(row: CampaignRow, creatorName: string | null, counts: CampaignCounts, template: Template | null): Campaign {
  return {
    _id: String(row.id),
    name: row.name,
    description: row.description,
    status: row.status,
    template: {
      id: template?.id ?? null,
      name: row.templateName,
      language: row.templateLanguage,
      category: template?.category ?? null,
      status: template?.status ?? null,
    },
    components: row.components as SendComponent[],
    ratePerSecond: row.ratePerSecond,
    scheduleTime: iso(row.scheduleTime),
    statusReason: row.statusReason,
    counts,
    actions: allowedCampaignActions(row.status),
    createdBy: row.createdBy !== null && creatorName !== null ? { id: row.createdBy, username: creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  };
}

export function toCampaignContact(row: RecipientRow): CampaignContact {
  return {
    _id: String(row.id),
    phone: row.phone,
    name: row.name,
    variables: row.variables as Record<string, string>,
    status: row.state,
    attempts: row.attempts,
    wamid: row.wamid,
    // The explanation is stored with the failure, in the words of whatsapp-errors.ts.
    error: row.errorTitle !== null ? { code: row.errorCode, title: row.errorTitle, explanation: row.errorDetails } : null,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    failedAt: iso(row.failedAt),
  };
}

/** How each ending reads in a finished campaign's activity, in the order listed. */
const endings: [keyof CampaignCounts, string][] = [
  ['delivered', 'delivered'],
  ['failed', 'failed'],
  ['read', 'read'],
  ['sent', 'sent'],
  ['skipped', 'skipped'],
  ['unknown', 'with an unknown outcome'],
];

/** "998 read, 2 failed": how a finished campaign ended, for its activity. */
export function completionSummary(counts: CampaignCounts): string {
  return endings
    .filter(([state]) => counts[state] > 0)
    .map(([state, words]) => `${counts[state].toLocaleString('en')} ${words}`)
    .join(', ');
}
