import { z } from 'zod';
import { campaignActions, campaignStatuses } from './campaign-states.ts';
import { pageQuery, paginationSchema } from './common.ts';
import { costEstimateSchema } from './pricing.ts';
import { type SendComponent, type SendParameter, sendComponentSchema, templateCategories, templateStatuses } from './templates.ts';
import { sendFromField } from './whatsapp-numbers.ts';

/** Meta's throughput: 80 messages/s by default, up to 1,000 for numbers Meta has upgraded. */
export const campaignRates = { default: 80, min: 1, max: 1_000 } as const;
export const campaignLimits = { name: 200, description: 1_000, contactsPerRequest: 10_000, variable: 1_024 } as const;

/**
 * A recipient's place in the dispatch. `sending`: the request to Meta may have left and its answer is not recorded
 * yet; `unknown`: that stayed so past the grace period, so it is left for an explicit retry rather than sent twice;
 * `held`: held back by Meta (error 131049, its cap on marketing messages a customer gets), not failed: a campaign that
 * retries them sends again after 24 hours, then 48, then 96.
 */
export const recipientStates = ['pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped', 'unknown', 'held'] as const;
export type RecipientState = (typeof recipientStates)[number];

/** After how long a recipient held back by Meta is sent again: 24 hours after the first send, doubling; null: no more tries. */
export function heldBackRetryDelayMs(attempts: number): number | null {
  const MAX_TRIES = 4;
  return attempts >= MAX_TRIES ? null : 24 * 3_600_000 * 2 ** Math.max(0, attempts - 1);
}

/**
 * What a campaign sends: a template, named by id or by name and language, with the parameters of POST
 * /api/send-template. A text parameter may hold {{variable}} placeholders, filled per recipient from their contact:
 * {{name}}, {{phone}}, or a variable of their row (a CSV column).
 */
const campaignFieldsSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(campaignLimits.name, `name must be at most ${campaignLimits.name} characters`),
  /** null, as a campaign without one reads, is no description. */
  description: z.string().trim().max(campaignLimits.description).nullable().optional(),
  templateId: z.number().int().positive().optional(),
  templateName: z.string().trim().min(1).max(512).optional(),
  templateLanguage: z.string().trim().min(1).max(20).optional(),
  components: z.array(sendComponentSchema).max(12).default([]),
  ratePerSecond: z
    .number()
    .int('ratePerSecond must be a whole number')
    .min(campaignRates.min, `ratePerSecond must be between ${campaignRates.min} and ${campaignRates.max}`)
    .max(campaignRates.max, `ratePerSecond must be between ${campaignRates.min} and ${campaignRates.max}`)
    .default(campaignRates.default),
  /** The business number it sends from (phone-number id or display number); the first number when left out. */
  phoneNumberId: sendFromField,
  /** Recipients Meta holds back (131049, its per-customer cap on marketing messages) are sent again later, at growing intervals. */
  retryHeldBack: z.boolean().default(false),
});

const namesItsTemplate = (body: { templateId?: number; templateName?: string; templateLanguage?: string }) =>
  body.templateId !== undefined || (body.templateName !== undefined && body.templateLanguage !== undefined);
const templateNeeded = { error: 'Give the template as templateId, or as templateName with templateLanguage', path: ['templateId'] };

export const createCampaignBodySchema = campaignFieldsSchema
  .meta({
    description:
      'A draft naming its template by id, or by name and language; parameter texts may hold {{name}}, {{phone}} or a contact variable.',
    example: {
      name: 'Spring sale',
      templateName: 'spring_sale',
      templateLanguage: 'en_US',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: '{{name}}' },
            { type: 'text', text: '{{code}}' },
          ],
        },
      ],
      ratePerSecond: 80,
    },
  })
  .refine(namesItsTemplate, templateNeeded);
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

/** PUT: any of the fields; a new template replaces the parameters given with it (or none). */
export const updateCampaignBodySchema = campaignFieldsSchema
  .partial()
  .extend({ components: z.array(sendComponentSchema).max(12).optional() })
  .refine((body) => body.templateName === undefined || body.templateLanguage !== undefined, {
    error: 'templateName needs templateLanguage',
    path: ['templateLanguage'],
  });
export type UpdateCampaignBody = z.input<typeof updateCampaignBodySchema>;

export const campaignIdParamsSchema = z.object({
  id: z.string().regex(/^\d{1,9}$/, 'Campaign id must be a number'),
});
export const campaignContactParamsSchema = campaignIdParamsSchema.extend({
  contactId: z.string().regex(/^\d{1,15}$/, 'Contact id must be a number'),
});

/**
 * A campaign's figures. `sent`, `delivered` and `read` are its funnel: each counts every recipient whose message got
 * at least that far (a read message was also delivered and sent). `pending`, `sending`, `failed`, `skipped`, `unknown`
 * and `held` count the recipients in that state now, so sent + failed + skipped + unknown + held + pending + sending =
 * total.
 */
export const campaignCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unknown: z.number().int(),
  /** Held back by Meta (131049), waiting for a retry or given up. */
  held: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

/** How many recipients are in each state now. */
export type RecipientStateCounts = Record<RecipientState, number>;

/** A campaign's figures (see campaignCountsSchema) from how many of its recipients are in each state. */
export function campaignCountsOf(byState: Readonly<Partial<RecipientStateCounts>>): CampaignCounts {
  const n = (state: RecipientState) => byState[state] ?? 0;
  return {
    total: recipientStates.reduce((sum, state) => sum + n(state), 0),
    pending: n('pending'),
    sending: n('sending'),
    sent: n('sent') + n('delivered') + n('read'),
    delivered: n('delivered') + n('read'),
    read: n('read'),
    failed: n('failed'),
    skipped: n('skipped'),
    unknown: n('unknown'),
    held: n('held'),
  };
}

export const campaignSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(campaignStatuses),
  template: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    language: z.string(),
    category: z.enum(templateCategories).nullable(),
    /** Its status at Meta now; null when it no longer exists here. */
    status: z.enum(templateStatuses).nullable(),
  }),
  components: z.array(sendComponentSchema),
  ratePerSecond: z.number().int(),
  /** The business number it sends from (its phone-number id); pacing is per number. */
  phoneNumberId: z.string(),
  retryHeldBack: z.boolean(),
  scheduleTime: z.iso.datetime().nullable(),
  /** Why the dispatch paused or failed it, in plain words (a template paused at Meta...). */
  statusReason: z.string().nullable(),
  counts: campaignCountsSchema,
  /** What the console may offer now. */
  actions: z.array(z.enum(campaignActions)),
  createdBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponseSchema = z.object({ campaign: campaignSchema });

export const campaignListQuerySchema = z.object({
  ...pageQuery(20),
  status: z.enum(campaignStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});
export const campaignListResponseSchema = z.object({ campaigns: z.array(campaignSchema), pagination: paginationSchema });

export const scheduleCampaignBodySchema = z.object({
  scheduleTime: z.iso.datetime({ offset: true, error: 'scheduleTime must be a date and time such as 2026-12-01T09:00:00+01:00' }),
});

/** GET /campaigns/{id}/status: what the console polls after each action and while it runs. */
export const campaignStatusResponseSchema = z.object({
  _id: z.string(),
  status: z.enum(campaignStatuses),
  statusReason: z.string().nullable(),
  counts: campaignCountsSchema,
  actions: z.array(z.enum(campaignActions)),
  scheduleTime: z.iso.datetime().nullable(),
});

/** The socket event a running campaign sends, at most twice a second, to admins. */
export const campaignEventNames = { progress: 'campaign_progress' } as const;

export const campaignProgressEventSchema = z.object({
  campaignId: z.string(),
  status: z.enum(campaignStatuses),
  statusReason: z.string().nullable(),
  counts: campaignCountsSchema,
  /** Messages accepted by Meta per second over the last few seconds. */
  ratePerSecond: z.number(),
  /** Seconds until every pending recipient is sent at the current rate; null when nothing is being sent. */
  etaSeconds: z.number().int().nullable(),
  at: z.iso.datetime(),
});
export type CampaignProgressEvent = z.infer<typeof campaignProgressEventSchema>;

/** POST /campaigns/{id}/start. */
export const startCampaignBodySchema = z
  .object({
    /** Marks the recipients Meta would refuse (see the pre-flight) as skipped rather than refusing the start. */
    skipInvalid: z.boolean().optional(),
  })
  .strict()
  .nullish();

export const startCampaignResponseSchema = campaignStatusResponseSchema.extend({ warnings: z.array(z.string()) });

/** POST /campaigns/{id}/preflight: the dry run of a start. */
export const campaignPreflightResponseSchema = z.object({
  recipients: z.number().int(),
  /** The first 100 recipients Meta would refuse, with why. */
  problems: z.array(z.object({ contactId: z.string(), phone: z.string(), reason: z.string() })),
  problemCount: z.number().int(),
  warnings: z.array(z.string()),
  /** The business number the campaign sends from; `displayPhoneNumber` is null when Meta could not be asked. */
  from: z.object({ phoneNumberId: z.string(), displayPhoneNumber: z.string().nullable() }),
  /** What the waiting recipients would cost by the business's rates (Settings → Message prices): an estimate. */
  cost: costEstimateSchema,
});
export type CampaignPreflight = z.infer<typeof campaignPreflightResponseSchema>;

// Contacts (recipients).

const variableValue = z.union([z.string(), z.number()]).transform(String);
export const campaignContactInputSchema = z.object({
  phone: z.union([z.string(), z.number()], { error: 'phone is required' }).transform(String),
  name: z.string().trim().max(100).optional(),
  variables: z.record(z.string().trim().min(1).max(60), variableValue).optional(),
});

export const addCampaignContactsBodySchema = z
  .object({
    contacts: z
      .array(z.unknown(), { error: 'contacts must be a list' })
      .min(1, 'contacts must not be empty')
      .max(
        campaignLimits.contactsPerRequest,
        `Send at most ${campaignLimits.contactsPerRequest.toLocaleString('en')} contacts at once; upload a CSV for more`,
      ),
  })
  .meta({
    examples: [
      {
        contacts: [
          { phone: '+447700900123', name: 'Ana Lima', variables: { code: 'SAVE10' } },
          { phone: '5511987654321', variables: { code: 'SAVE15' } },
        ],
      },
    ],
  });

/** POST /campaigns/{id}/contacts/recent: an audience from the customers who wrote lately. */
export const recentCustomersBodySchema = z.object({
  days: z
    .number({ error: 'days must be a number of days' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(365, 'days must be at most 365'),
});

/** POST /api/campaign/contacts/preview: the start of a CSV (the console sends its first 64 KB) for the mapping step. */
export const contactsPreviewResponseSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  suggested: z
    .object({ phone: z.string(), name: z.string().optional(), variables: z.record(z.string(), z.string()).optional() })
    .nullable(),
});

export const contactImportErrorSchema = z.object({ line: z.number().int(), reason: z.string() });

/** What adding or uploading contacts did: rows kept, rows refused with their line and reason, duplicates merged. */
export const contactImportResultSchema = z.object({
  added: z.number().int(),
  /** Already in the campaign: their name and variables were updated. */
  updated: z.number().int(),
  merged: z.number().int(),
  errors: z.array(contactImportErrorSchema),
  /** More rows were refused than `errors` lists. */
  errorCount: z.number().int(),
  total: z.number().int(),
});

export const campaignContactSchema = z.object({
  _id: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  status: z.enum(recipientStates),
  attempts: z.number().int(),
  wamid: z.string().nullable(),
  error: z.object({ code: z.number().int().nullable(), title: z.string().nullable(), explanation: z.string().nullable() }).nullable(),
  sentAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
});
export type CampaignContact = z.infer<typeof campaignContactSchema>;

export const campaignContactsQuerySchema = z.object({
  ...pageQuery(50, 500),
  status: z.enum(recipientStates).optional(),
  search: z.string().trim().max(100).optional(),
});
export const campaignContactsResponseSchema = z.object({ contacts: z.array(campaignContactSchema), pagination: paginationSchema });

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** A parameter with its free texts (text, payload, coupon code) passed through `change`. */
function withTexts(p: SendParameter, change: (text: string) => string): SendParameter {
  if (p.type === 'text') return { ...p, text: change(p.text) };
  if (p.type === 'payload') return { ...p, payload: change(p.payload) };
  if (p.type === 'coupon_code') return { ...p, coupon_code: change(p.coupon_code) };
  return p;
}

/** Fills a campaign's {{variable}} placeholders for one recipient; a placeholder without a value is left as it is. */
export function personalise(components: readonly SendComponent[], values: Readonly<Record<string, string>>): SendComponent[] {
  const fill = (text: string) => text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
  return components.map((component) => ({ ...component, parameters: component.parameters.map((p) => withTexts(p, fill)) }));
}

/** The placeholders a campaign's parameters use, so a recipient without one can be named before anything is sent. */
export function placeholdersOf(components: readonly SendComponent[]): string[] {
  const found = new Set<string>();
  const collect = (text: string) => {
    for (const m of text.matchAll(PLACEHOLDER)) found.add(m[1] as string);
    return text;
  };
  for (const component of components) for (const p of component.parameters) withTexts(p, collect);
  return [...found];
}

// The templates a campaign can send (spec 7: GET /templates, GET /templates/{id}, POST /templates/test).

/** POST /api/campaign/templates/test: the parameters with one contact's values filled in, exactly as they would be sent. */
export const testCampaignTemplateBodySchema = z
  .object({
    templateId: z.number().int().positive().optional(),
    templateName: z.string().trim().min(1).max(512).optional(),
    templateLanguage: z.string().trim().min(1).max(20).optional(),
    components: z.array(sendComponentSchema).max(12).default([]),
    contact: campaignContactInputSchema.default({ phone: '' }),
  })
  .refine(namesItsTemplate, templateNeeded);

export const testCampaignTemplateResponseSchema = z.object({
  processedComponents: z.array(sendComponentSchema),
  /** What the customer reads. */
  rendered: z.object({
    header: z.string().nullable(),
    body: z.string(),
    footer: z.string().nullable(),
    buttons: z.array(z.string()),
  }),
  /** Placeholders the contact has no value for: Meta would receive them as they are. */
  missing: z.array(z.string()),
});

/**
 * GET /campaigns/{id}/spend: what the campaign's messages cost, from the pricing Meta reported in their statuses
 * (billable messages per category and market) at the business's rates now.
 */
export const campaignSpendSchema = z.object({
  currency: z.string(),
  /** The billable messages priced by the table; null when none could be. */
  total: z.number().nullable(),
  billable: z.number().int(),
  /** Billable messages whose market and category have no rate: not in the total. */
  unpriced: z.number().int(),
  byCategory: z.array(z.object({ category: z.string(), messages: z.number().int(), total: z.number().nullable() })),
});
export type CampaignSpend = z.infer<typeof campaignSpendSchema>;
