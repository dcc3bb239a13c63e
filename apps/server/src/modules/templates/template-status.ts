import type { TemplateStatus } from '@wac/contract/templates';
import { or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { SubscriberOutcome } from '../../events/event-bus.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { TemplateUpdateItem, WebhookChanges } from '../../whatsapp/webhook/webhook-payload.ts';
import { templateCategoryOf, templateStatusEmit, templateStatusOf, toTemplate } from './template-view.ts';
import { byMetaId, byNameAndLanguage, creatorNameOf, lockTemplate, type NewTemplateRow, updateTemplate } from './templates.repository.ts';

/** Meta's status events that are not themselves statuses: a reinstated or unpaused template can be sent again; FLAGGED only warns. */
function statusOfEvent(event: string | null): TemplateStatus | null {
  if (event === null || event === 'FLAGGED') return null;
  if (event === 'REINSTATED' || event === 'UNPAUSED') return 'APPROVED';
  return templateStatusOf(event) === event ? (event as TemplateStatus) : null;
}

/**
 * Applies a message_template_status_update or template_category_update webhook inside the webhook's
 * transaction, and says what to announce after commit. A template this install does not know (made
 * in Meta's own tools) is left for the next sync to bring in.
 */
async function applyTemplateUpdate(tx: Tx, update: TemplateUpdateItem): Promise<RealtimeEmit[]> {
  const where: SQL =
    update.name && update.language
      ? (or(byMetaId(update.metaId), byNameAndLanguage(update.name, update.language)) as SQL)
      : byMetaId(update.metaId);
  const current = await lockTemplate(tx, where);
  if (!current) return [];

  const change: Partial<NewTemplateRow> = {};
  const status = statusOfEvent(update.status);
  if (status && status !== current.status) {
    change.status = status;
    change.statusUpdatedAt = new Date();
  }
  if (status) {
    const reason = status === 'APPROVED' ? null : update.reason;
    if (reason !== current.rejectedReason) change.rejectedReason = reason;
  }
  if (update.coming) {
    // Meta's notice of a recategorisation to come: shown until the update itself arrives.
    change.comingCategory = templateCategoryOf(update.coming.category);
    change.comingCategoryAt = update.coming.at;
  } else if (update.category) {
    const category = templateCategoryOf(update.category);
    if (category !== current.category) {
      change.previousCategory = current.category;
      change.category = category;
    }
    if (current.comingCategory !== null) {
      change.comingCategory = null;
      change.comingCategoryAt = null;
    }
  }
  // Meta sends the id as a JSON number, which loses digits past 2^53: a known id is never replaced from a webhook.
  if (!current.metaId && update.metaId) change.metaId = update.metaId;
  if (Object.keys(change).length === 0) return [];

  const row = await updateTemplate(tx, current.id, change);
  return [templateStatusEmit(toTemplate(row, await creatorNameOf(tx, row)), templateStatusOf(current.status))];
}

/** Templates' part of a batch of webhook deliveries (subscribed to webhook.received by the templates plugin). */
export async function applyTemplateUpdates(tx: Tx, changes: WebhookChanges[]): Promise<SubscriberOutcome> {
  const emits: RealtimeEmit[] = [];
  for (const update of changes.flatMap((c) => c.templates)) emits.push(...(await applyTemplateUpdate(tx, update)));
  return { emits };
}
