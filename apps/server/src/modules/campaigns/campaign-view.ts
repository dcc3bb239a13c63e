import { allowedCampaignActions } from '@wac/contract/campaign-states';
import type { Campaign, CampaignContact, CampaignCounts } from '@wac/contract/campaigns';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { CampaignRow, RecipientRow } from './campaigns.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `firstNumber`: the number a campaign saved before there were several sends from. */
export function toCampaign(
  row: CampaignRow,
  creatorName: string | null,
  counts: CampaignCounts,
  template: Template | null,
  firstNumber: string,
): Campaign {
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
    phoneNumberId: row.phoneNumberId ?? firstNumber,
    retryHeldBack: row.retryHeldBack,
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

/** What else a finished campaign's activity names, when there are any. */
const otherEndings: [keyof CampaignCounts, string][] = [
  ['failed', 'failed'],
  ['skipped', 'skipped'],
  ['unknown', 'with an unknown outcome'],
];

/**
 * "48 sent, 47 delivered, 46 read, 2 failed": how a finished campaign ended, for its activity. The funnel comes first
 * and adds up as the campaign's figures do: a read message was also delivered and sent.
 */
export function completionSummary(counts: CampaignCounts): string {
  const n = (key: keyof CampaignCounts) => counts[key].toLocaleString('en');
  const funnel = `${n('sent')} sent, ${n('delivered')} delivered, ${n('read')} read`;
  const others = otherEndings.filter(([key]) => counts[key] > 0).map(([key, words]) => `${n(key)} ${words}`);
  return [funnel, ...others].join(', ');
}
