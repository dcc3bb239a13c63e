import { personalise } from '@wac/contract/campaigns';
import type { SendComponent, Template } from '@wac/contract/templates';
import type { AcceptedTemplateSend } from '../messaging/index.ts';
import { type CampaignDeps, campaignNumber } from './campaign-deps.ts';
import type { RecipientChange } from './campaign-dispatch.repository.ts';
import { recipientValues } from './campaign-template.ts';
import type { CampaignRow, RecipientRow } from './campaigns.repository.ts';

const CALLBACK_PREFIX = 'campaign:';

/** What each campaign message carries in biz_opaque_callback_data, so Meta's statuses name the recipient. */
export const callbackDataOf = (recipientId: number) => `${CALLBACK_PREFIX}${recipientId}`;

/** The recipient a status's callback data names, or null for messages that are not a campaign's. */
export function recipientIdOf(callbackData: string | null): number | null {
  if (!callbackData?.startsWith(CALLBACK_PREFIX)) return null;
  const id = Number(callbackData.slice(CALLBACK_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The recipient's parameters, exactly as sent. */
export const recipientComponents = (campaign: Pick<CampaignRow, 'components'>, recipient: RecipientRow) =>
  personalise(
    campaign.components as SendComponent[],
    recipientValues({ ...recipient, variables: recipient.variables as Record<string, string> }),
  );

/** The accepted sends among `changes` that have no chat message yet, as the chat stores them. */
export function acceptedSendsOf(
  deps: Pick<CampaignDeps, 'templates' | 'phoneNumberId'>,
  template: Template,
  campaign: Pick<CampaignRow, 'components' | 'phoneNumberId'>,
  rows: Map<number, RecipientRow>,
  changes: RecipientChange[],
): AcceptedTemplateSend[] {
  return changes.flatMap((change) => {
    const row = rows.get(change.id);
    const wamid = change.wamid ?? row?.wamid;
    if (!row || !wamid || row.messageId !== null) return [];
    return [
      {
        phone: row.phone.replace(/^\+/, ''),
        waId: row.waId,
        phoneNumberId: campaignNumber(deps, campaign),
        name: row.name,
        wamid,
        templateName: template.name,
        content: deps.templates.messageContent(template, recipientComponents(campaign, row)),
        sentAt: change.sentAt ?? new Date(),
      },
    ];
  });
}
