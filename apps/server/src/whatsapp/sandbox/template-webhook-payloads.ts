import { unixSeconds } from './webhook-payloads.ts';

function templateEnvelope(wabaId: string, field: string, value: Record<string, unknown>) {
  return { object: 'whatsapp_business_account', entry: [{ id: wabaId, time: Number(unixSeconds()), changes: [{ value, field }] }] };
}

export interface TemplateStatusInput {
  templateId: string;
  name: string;
  language: string;
  event: string;
  /** Meta sends 'NONE' unless rejected (INVALID_FORMAT, TAG_CONTENT_MISMATCH, ...). */
  reason?: string;
  /** PAUSED and DISABLED carry a title and description. */
  otherInfo?: { title: string; description: string };
}

/** The message_template_status_update webhook, as Meta sends it after a review or a quality change. */
export function templateStatusPayload(wabaId: string, input: TemplateStatusInput) {
  return templateEnvelope(wabaId, 'message_template_status_update', {
    event: input.event,
    message_template_id: Number(input.templateId),
    message_template_name: input.name,
    message_template_language: input.language,
    reason: input.reason ?? 'NONE',
    ...(input.otherInfo ? { other_info: input.otherInfo } : {}),
  });
}

/**
 * The template_category_update webhook: Meta moved a template to another category, or (`comingAt`) gives notice that
 * it will, naming the coming one in correct_category while new_category stays the current one.
 */
export function templateCategoryPayload(
  wabaId: string,
  input: { templateId: string; name: string; language: string; previousCategory: string; newCategory: string; comingAt?: Date },
) {
  const identity = {
    message_template_id: Number(input.templateId),
    message_template_name: input.name,
    message_template_language: input.language,
  };
  return templateEnvelope(
    wabaId,
    'template_category_update',
    input.comingAt
      ? {
          ...identity,
          correct_category: input.newCategory,
          new_category: input.previousCategory,
          category_update_timestamp: Math.floor(input.comingAt.getTime() / 1000),
        }
      : { ...identity, previous_category: input.previousCategory, new_category: input.newCategory },
  );
}
