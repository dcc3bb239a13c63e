import { heldBackRetryDelayMs } from '@wac/contract/campaigns';
import type { SendComponent } from '@wac/contract/templates';
import { describeWhatsAppError } from '@wac/contract/whatsapp-errors';
import type { Tx } from '../../db/database.ts';
import type { SubscriberOutcome } from '../../events/event-bus.ts';
import type { StatusItem, WebhookChanges } from '../../whatsapp/webhook/webhook-payload.ts';
import type { CampaignDeps } from './campaign-deps.ts';
import {
  applyRecipientChanges,
  lockRecipients,
  type RecipientChange,
  recipientsByWamid,
  reopenForRetries,
} from './campaign-dispatch.repository.ts';
import { createCampaignProgress } from './campaign-progress.ts';
import { acceptedSendsOf, recipientIdOf } from './campaign-sends.ts';
import { campaignsByIds, type RecipientRow } from './campaigns.repository.ts';

const rank: Record<RecipientRow['state'], number> = {
  pending: 0,
  sending: 0,
  unknown: 0,
  skipped: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  held: 4,
};

/** Meta's per-customer cap on marketing messages: the recipient is held back, not failed. */
const HELD_BACK = 131049;

/** A recipient's row moved on by one status of its message; statuses never move it back. */
function step(
  row: RecipientChange & { state: RecipientRow['state'] },
  status: StatusItem,
): RecipientChange & { state: RecipientRow['state'] } {
  const at = status.timestamp;
  if (status.status === 'failed') {
    // A message Meta delivered or the customer read stays so, whatever comes after.
    if (row.state === 'delivered' || row.state === 'read') return row;
    const [error] = status.errors;
    const info = describeWhatsAppError(error?.code, error?.title ?? error?.message);
    return {
      ...row,
      state: error?.code === HELD_BACK ? 'held' : 'failed',
      wamid: status.wamid,
      errorCode: error?.code ?? null,
      errorTitle: info.title,
      errorDetails: info.explanation,
      failedAt: at,
    };
  }
  const next = { sent: 'sent', delivered: 'delivered', read: 'read' } as const;
  const state = rank[next[status.status]] > rank[row.state] && row.state !== 'failed' ? next[status.status] : row.state;
  // An outcome given up as unknown turns out known: its error goes.
  const known = row.state === 'unknown' ? { errorCode: null, errorTitle: null, errorDetails: null } : {};
  return {
    ...row,
    ...known,
    state,
    wamid: status.wamid,
    sentAt: row.sentAt ?? at,
    ...(status.status !== 'sent' ? { deliveredAt: row.deliveredAt ?? at } : {}),
    ...(status.status === 'read' ? { readAt: row.readAt ?? at } : {}),
  };
}

/**
 * Meta's statuses of campaign messages, in the transaction storing the webhook batch: each moves its recipient on,
 * found by the callback data the message was sent with (or by wamid). A send whose answer was lost (in doubt) is
 * settled here: Meta has it, so it is never sent again, and the chat gets its message.
 */
export function campaignStatusHandler(deps: CampaignDeps) {
  const progress = createCampaignProgress(deps);
  return async (tx: Tx, changes: WebhookChanges[]): Promise<SubscriberOutcome> => {
    const statuses = changes.flatMap((change) => change.statuses);
    if (statuses.length === 0) return {};
    const byWamid = await recipientsByWamid(
      tx,
      statuses.filter((s) => recipientIdOf(s.callbackData) === null).map((s) => s.wamid),
    );
    const idOf = (s: StatusItem) => recipientIdOf(s.callbackData) ?? byWamid.get(s.wamid) ?? null;
    const ids = [...new Set(statuses.map(idOf).filter((id): id is number => id !== null))];
    if (ids.length === 0) return {};
    const rows = new Map((await lockRecipients(tx, ids)).map((row) => [row.id, row]));
    const moved = new Map<number, RecipientChange & { state: RecipientRow['state'] }>();
    for (const status of [...statuses].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime())) {
      const id = idOf(status);
      const row = id === null ? undefined : rows.get(id);
      if (!row || id === null) continue;
      moved.set(
        id,
        step(moved.get(id) ?? { id, state: row.state, sentAt: row.sentAt, deliveredAt: row.deliveredAt, readAt: row.readAt }, status),
      );
    }
    const changed = [...moved.values()];
    await scheduleHeldBackRetries(tx, rows, changed);
    await storeSettledInDoubt(deps, tx, rows, changed);
    await applyRecipientChanges(tx, changed);
    // Screens follow the counts whatever the campaign's status: statuses keep coming after a pause or the end.
    const campaignIds = new Set(changed.map((change) => rows.get(change.id)?.campaignId as number));
    return { afterCommit: () => campaignIds.forEach(progress.soon) };
  };
}

/**
 * Recipients Meta held back (131049) of a campaign that retries them are sent again later: 24 hours after the first
 * send, then at doubling intervals, up to four tries (heldBackRetryDelayMs); the others stay held back for good. Meta's
 * answer comes after the send was accepted, often once the campaign completed: a retry to come runs it again.
 */
async function scheduleHeldBackRetries(tx: Tx, rows: Map<number, RecipientRow>, changes: RecipientChange[]): Promise<void> {
  const held = changes.filter((change) => change.state === 'held' && rows.get(change.id)?.state !== 'held');
  if (held.length === 0) return;
  const retrying = new Set(
    (await campaignsByIds(tx, [...new Set(held.map((change) => rows.get(change.id)?.campaignId as number))]))
      .filter((campaign) => campaign.retryHeldBack)
      .map((campaign) => campaign.id),
  );
  const reopen = new Set<number>();
  for (const change of held) {
    const row = rows.get(change.id) as RecipientRow;
    const delay = retrying.has(row.campaignId) ? heldBackRetryDelayMs(row.attempts) : null;
    change.notBefore = delay === null ? null : new Date(Date.now() + delay);
    if (delay !== null) reopen.add(row.campaignId);
  }
  await reopenForRetries(tx, [...reopen]);
}

/** Sends settled by a status rather than by their answer get their chat message now. */
async function storeSettledInDoubt(deps: CampaignDeps, tx: Tx, rows: Map<number, RecipientRow>, changes: RecipientChange[]) {
  const settled = changes.filter((c) => c.state !== 'failed' && rows.get(c.id)?.messageId === null && !rows.get(c.id)?.wamid);
  if (settled.length === 0) return;
  const campaignIds = [...new Set(settled.map((c) => rows.get(c.id)?.campaignId as number))];
  const found = await campaignsByIds(tx, campaignIds);
  for (const campaign of found) {
    const template = await deps.templates.find(campaign.templateName, campaign.templateLanguage);
    if (!template) continue;
    const mine = settled.filter((c) => rows.get(c.id)?.campaignId === campaign.id);
    const accepted = acceptedSendsOf(
      deps,
      template,
      { components: campaign.components as SendComponent[], phoneNumberId: campaign.phoneNumberId },
      rows,
      mine,
    );
    const messageIds = await deps.messaging.storeAcceptedTemplates(tx, accepted);
    for (const change of mine) if (change.wamid) change.messageId = messageIds.get(change.wamid) ?? null;
  }
}
