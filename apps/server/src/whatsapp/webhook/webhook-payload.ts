import { normalizePhone } from '@wac/contract/whatsapp-phone';
import { normalizeBsuid } from '@wac/contract/whatsapp-user-id';
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
  /** The customer's number; absent when they use a username and Meta shares no number. */
  from: z.string().min(1).optional(),
  /** The customer's BSUID (since April 2026). */
  from_user_id: z.string().min(1).optional(),
  from_parent_user_id: z.string().min(1).optional(),
  timestamp: z.string(),
  type: z.string(),
});
export type MetaInboundMessage = z.infer<typeof inboundMessageSchema> & Record<string, unknown>;

const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string(),
  recipient_id: z.string().optional(),
  recipient_user_id: z.string().optional(),
  errors: z.array(metaErrorSchema).optional(),
  biz_opaque_callback_data: z.string().optional(),
  pricing: z
    .looseObject({
      billable: z.boolean().optional(),
      pricing_model: z.string().optional(),
      category: z.string().optional(),
      type: z.string().optional(),
    })
    .optional(),
});

const contactSchema = z.looseObject({
  wa_id: z.string().optional(),
  user_id: z.string().optional(),
  parent_user_id: z.string().optional(),
  profile: z.looseObject({ name: z.string().optional(), username: z.string().optional() }).optional(),
});
type MetaContact = z.infer<typeof contactSchema>;

/** A shared contact card: answering the contact-request button, the customer's own number is in its phones. */
const contactCardSchema = z.looseObject({
  origin: z.string().optional(),
  contacts: z.array(
    z.looseObject({ phones: z.array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional() })).optional() }),
  ),
});

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

/** Who a webhook says the customer is: a phone number, a BSUID, or both, with their username and profile name. */
export interface CustomerReport {
  /** Canonical E.164 digits. */
  phone: string | null;
  /** The number as WhatsApp wrote it. */
  waId: string | null;
  bsuid: string | null;
  parentBsuid: string | null;
  username: string | null;
  name: string | null;
}

export interface InboundItem {
  phoneNumberId: string;
  /** The business number as customers see it (metadata.display_phone_number), when Meta gave it. */
  displayPhoneNumber: string | null;
  customer: CustomerReport;
  message: MetaInboundMessage;
}

/** Why an item of a signed delivery was not stored as it came (counted in webhook health). */
export const webhookRefusalReasons = {
  no_customer: 'A customer’s message named neither a phone number nor a WhatsApp user ID',
  bad_user_id: 'A WhatsApp user ID did not have the shape Meta documents (it was ignored)',
} as const;
export type WebhookRefusalReason = keyof typeof webhookRefusalReasons;

export interface StatusItem {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: Date;
  recipientId: string | null;
  errors: MetaError[];
  /** The biz_opaque_callback_data the message was sent with, echoed by Meta. */
  callbackData: string | null;
  /** What Meta charges for the message, on the statuses that carry it (at least one delivered or read status). */
  pricing: MessagePricing | null;
}

export interface MessagePricing {
  billable: boolean;
  category: string;
  type: string | null;
  model: string | null;
}

/** A template's review or quality status changed (APPROVED, REJECTED, PAUSED, DISABLED...), or Meta re-categorised it. */
export interface TemplateUpdateItem {
  metaId: string;
  name: string | null;
  language: string | null;
  status: string | null;
  /** Why it was rejected, paused or disabled. */
  reason: string | null;
  /** The category it has now (a category update). */
  category: string | null;
  /** An impending recategorisation: the category Meta will apply (`correct_category`), and when. */
  coming: { category: string; at: Date } | null;
}

export interface WebhookChanges {
  messages: InboundItem[];
  statuses: StatusItem[];
  templates: TemplateUpdateItem[];
  /** What status webhooks said about their recipients (a number or username learnt for a BSUID). */
  recipients: CustomerReport[];
  /** Customers stopping or resuming the business's marketing messages (user_preferences). */
  preferences: MarketingPreference[];
  refused: WebhookRefusalReason[];
}

/** A customer told WhatsApp to stop (or resume) marketing messages from the business. */
export interface MarketingPreference {
  customer: CustomerReport;
  stop: boolean;
  at: Date;
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
const templateCategorySchema = z.looseObject({
  ...templateIdentity,
  new_category: z.string(),
  correct_category: z.string().optional(),
  category_update_timestamp: z.number().optional(),
});

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
      coming: null,
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
      // An impending update names the coming category; new_category is then the current one.
      coming: data.correct_category
        ? {
            category: data.correct_category,
            at: data.category_update_timestamp ? new Date(data.category_update_timestamp * 1000) : new Date(Date.now() + 86_400_000),
          }
        : null,
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

const normalizedPhone = (raw: string | undefined) => (raw ? normalizePhone(raw) : null);

/** A customer as a message or contact names them; null when it names neither a number nor a well-formed BSUID. */
function customerReport(
  rawPhone: string | undefined,
  rawBsuid: string | undefined,
  contact: MetaContact | undefined,
  refused: WebhookRefusalReason[],
): CustomerReport | null {
  const phone = normalizedPhone(rawPhone);
  const bsuid = rawBsuid ? normalizeBsuid(rawBsuid) : null;
  if (rawBsuid && !bsuid) refused.push('bad_user_id');
  if (!phone && !bsuid) return null;
  const parent = contact?.parent_user_id ? normalizeBsuid(contact.parent_user_id) : null;
  return {
    phone,
    waId: phone ? (rawPhone as string) : null,
    bsuid,
    parentBsuid: parent,
    username: contact?.profile?.username || null,
    name: contact?.profile?.name || null,
  };
}

const preferenceSchema = z.looseObject({
  wa_id: z.string().optional(),
  user_id: z.string().optional(),
  category: z.string(),
  value: z.string(),
  timestamp: z.union([z.number(), z.string()]).optional(),
});
const preferencesValueSchema = z.looseObject({ user_preferences: z.array(z.unknown()).default([]) });

/** The marketing-message preferences of a user_preferences change; other categories and values are left out. */
function marketingPreferences(raw: unknown, refused: WebhookRefusalReason[]): MarketingPreference[] {
  const value = preferencesValueSchema.safeParse(raw);
  if (!value.success) return [];
  return value.data.user_preferences.flatMap((item) => {
    const preference = preferenceSchema.safeParse(item);
    if (!preference.success || preference.data.category !== 'marketing_messages') return [];
    const { data } = preference;
    if (data.value !== 'stop' && data.value !== 'resume') return [];
    const customer = customerReport(data.wa_id, data.user_id, undefined, refused);
    if (!customer) {
      refused.push('no_customer');
      return [];
    }
    return [{ customer, stop: data.value === 'stop', at: data.timestamp === undefined ? new Date() : metaTime(String(data.timestamp)) }];
  });
}

/** The customer's own number on the card they shared answering the contact-request button. */
function requestedPhone(message: MetaInboundMessage): string | undefined {
  if (message.type !== 'contacts') return undefined;
  const card = contactCardSchema.safeParse(message);
  if (!card.success || card.data.origin !== 'contact_request') return undefined;
  const phone = card.data.contacts[0]?.phones?.[0];
  return phone?.wa_id ?? phone?.phone;
}

function inboundCustomer(message: MetaInboundMessage, contacts: MetaContact[], refused: WebhookRefusalReason[]): CustomerReport | null {
  const contact =
    contacts.find((c) => (c.wa_id && c.wa_id === message.from) || (c.user_id && c.user_id === message.from_user_id)) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const rawPhone = message.from ?? contact?.wa_id;
  const shared = requestedPhone(message);
  // A number the customer shared counts where WhatsApp reported none.
  const phoneSource = normalizedPhone(rawPhone) ? rawPhone : shared;
  return customerReport(phoneSource, message.from_user_id ?? contact?.user_id, contact, refused);
}

/**
 * The messages, statuses and template updates in a webhook delivery. Anything else (other objects, other fields,
 * statuses we do not track, items missing their ids) is left out, item by item, so one odd entry
 * does not hide the rest.
 */
export function extractChanges(payload: unknown): WebhookChanges {
  const out: WebhookChanges = { messages: [], statuses: [], templates: [], recipients: [], preferences: [], refused: [] };
  const envelope = envelopeSchema.safeParse(payload);
  if (!envelope.success) return out;
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field === 'user_preferences') {
        out.preferences.push(...marketingPreferences(change.value, out.refused));
        continue;
      }
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
        const customer = inboundCustomer(message.data as MetaInboundMessage, contacts, out.refused);
        if (!customer) {
          out.refused.push('no_customer');
          continue;
        }
        out.messages.push({
          phoneNumberId: metadata.phone_number_id,
          displayPhoneNumber: metadata.display_phone_number ?? null,
          customer,
          message: message.data as MetaInboundMessage,
        });
      }
      if ((value.data.statuses ?? []).length > 0) {
        for (const contact of contacts) {
          const report = customerReport(contact.wa_id, contact.user_id, contact, out.refused);
          if (report?.bsuid && (report.phone || report.username)) out.recipients.push(report);
        }
      }
      for (const raw of value.data.statuses ?? []) {
        const status = statusSchema.safeParse(raw);
        if (!status.success || !DELIVERY.has(status.data.status)) continue;
        out.statuses.push({
          wamid: status.data.id,
          status: status.data.status as StatusItem['status'],
          timestamp: metaTime(status.data.timestamp),
          recipientId: status.data.recipient_id ?? status.data.recipient_user_id ?? null,
          errors: status.data.errors ?? [],
          callbackData: status.data.biz_opaque_callback_data ?? null,
          pricing: status.data.pricing?.category
            ? {
                // Meta's per-message model says `type` (regular, free_customer_service...); billable is the older flag.
                billable: status.data.pricing.billable ?? status.data.pricing.type === 'regular',
                category: status.data.pricing.category,
                type: status.data.pricing.type ?? null,
                model: status.data.pricing.pricing_model ?? null,
              }
            : null,
        });
      }
    }
  }
  return out;
}
