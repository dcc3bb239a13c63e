import { z } from 'zod';

/** Meta's error entry, as found in failed statuses and unsupported messages. */
const metaErrorSchema = z.looseObject({
  code: z.number().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
});
export type MetaError = z.infer<typeof metaErrorSchema>;

const inboundMessageSchema = z.looseObject({
  id: z.string().min(1),
  from: z.string().min(1),
  timestamp: z.string(),
  type: z.string(),
});
export type MetaInboundMessage = z.infer<typeof inboundMessageSchema> & Record<string, unknown>;

const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string(),
  recipient_id: z.string().optional(),
  errors: z.array(metaErrorSchema).optional(),
  biz_opaque_callback_data: z.string().optional(),
});

const contactSchema = z.looseObject({ wa_id: z.string(), profile: z.looseObject({ name: z.string().optional() }).optional() });

const changeValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string(), display_phone_number: z.string().optional() }),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

const envelopeSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.looseObject({ changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })).default([]) })),
});

export interface InboundItem {
  phoneNumberId: string;
  profileName: string | null;
  message: MetaInboundMessage;
}

export interface StatusItem {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: Date;
  recipientId: string | null;
  errors: MetaError[];
  /** The biz_opaque_callback_data the message was sent with, echoed by Meta. */
  callbackData: string | null;
}

/** A template's review or quality status changed (APPROVED, REJECTED, PAUSED, DISABLED...), or Meta re-categorised it. */
export interface TemplateUpdateItem {
  metaId: string;
  name: string | null;
  language: string | null;
  status: string | null;
  /** Why it was rejected, paused or disabled. */
  reason: string | null;
  category: string | null;
}

export interface WebhookChanges {
  messages: InboundItem[];
  statuses: StatusItem[];
  templates: TemplateUpdateItem[];
}

const templateIdentity = {
  message_template_id: z.union([z.number(), z.string().min(1)]).transform(String),
  message_template_name: z.string().optional(),
  message_template_language: z.string().optional(),
};
const templateStatusSchema = z.looseObject({
  ...templateIdentity,
  event: z.string(),
  reason: z.string().nullable().optional(),
  other_info: z.looseObject({ title: z.string().optional(), description: z.string().optional() }).optional(),
});
const templateCategorySchema = z.looseObject({ ...templateIdentity, new_category: z.string() });

/** Meta says reason 'NONE' when there is none; a pause or disable explains itself in other_info. */
function templateReason(value: z.infer<typeof templateStatusSchema>): string | null {
  if (value.reason && value.reason !== 'NONE') return value.reason;
  const info = value.other_info;
  return info ? [info.title, info.description].filter(Boolean).join(': ') || null : null;
}

function templateUpdate(field: string, raw: unknown): TemplateUpdateItem | null {
  if (field === 'message_template_status_update') {
    const value = templateStatusSchema.safeParse(raw);
    if (!value.success) return null;
    const { data } = value;
    return {
      metaId: data.message_template_id,
      name: data.message_template_name ?? null,
      language: data.message_template_language ?? null,
      status: data.event,
      reason: templateReason(data),
      category: null,
    };
  }
  if (field === 'template_category_update') {
    const value = templateCategorySchema.safeParse(raw);
    if (!value.success) return null;
    const { data } = value;
    return {
      metaId: data.message_template_id,
      name: data.message_template_name ?? null,
      language: data.message_template_language ?? null,
      status: null,
      reason: null,
      category: data.new_category,
    };
  }
  return null;
}

const DELIVERY = new Set(['sent', 'delivered', 'read', 'failed']);

/** Meta's timestamps are Unix seconds as strings. */
export function metaTime(seconds: string): Date {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

/**
 * The messages, statuses and template updates in a webhook delivery. Anything else (other objects, other fields,
 * statuses we do not track, items missing their ids) is left out, item by item, so one odd entry
 * does not hide the rest.
 */
export function extractChanges(payload: unknown): WebhookChanges {
  const out: WebhookChanges = { messages: [], statuses: [], templates: [] };
  const envelope = envelopeSchema.safeParse(payload);
  if (!envelope.success) return out;
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') {
        const template = templateUpdate(change.field, change.value);
        if (template) out.templates.push(template);
        continue;
      }
      const value = changeValueSchema.safeParse(change.value);
      if (!value.success) continue;
      const { metadata } = value.data;
      const contacts = (value.data.contacts ?? []).flatMap((c) => {
        const parsed = contactSchema.safeParse(c);
        return parsed.success ? [parsed.data] : [];
      });
      for (const raw of value.data.messages ?? []) {
        const message = inboundMessageSchema.safeParse(raw);
        if (!message.success) continue;
        const contact = contacts.find((c) => c.wa_id === message.data.from) ?? (contacts.length === 1 ? contacts[0] : undefined);
        out.messages.push({
          phoneNumberId: metadata.phone_number_id,
          profileName: contact?.profile?.name ?? null,
          message: message.data as MetaInboundMessage,
        });
      }
      for (const raw of value.data.statuses ?? []) {
        const status = statusSchema.safeParse(raw);
        if (!status.success || !DELIVERY.has(status.data.status)) continue;
        out.statuses.push({
          wamid: status.data.id,
          status: status.data.status as StatusItem['status'],
          timestamp: metaTime(status.data.timestamp),
          recipientId: status.data.recipient_id ?? null,
          errors: status.data.errors ?? [],
          callbackData: status.data.biz_opaque_callback_data ?? null,
        });
      }
    }
  }
  return out;
}
