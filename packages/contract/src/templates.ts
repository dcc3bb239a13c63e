import { z } from 'zod';
import { chatMessageSchema } from './chat.ts';
import { templateLanguages } from './template-languages.ts';
import { sendFromField } from './whatsapp-numbers.ts';
import { customerAddressField } from './whatsapp-user-id.ts';

// Message templates as Meta's Graph API defines them: the components travel in Meta's own shape
// (snake_case fields) so the console builds exactly the JSON that is submitted.

export const templateCategories = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

/** Meta's review and quality states; only APPROVED templates can be sent. */
export const templateStatuses = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'DELETED',
  'LIMIT_EXCEEDED',
  'ARCHIVED',
] as const;
export type TemplateStatus = (typeof templateStatuses)[number];

/** Meta lets a submitted template's components be edited only in these states (name, language and category never). */
export const editableTemplateStatuses: readonly TemplateStatus[] = ['APPROVED', 'REJECTED', 'PAUSED'];

export const templateComponentTypes = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export type TemplateComponentType = (typeof templateComponentTypes)[number];

export const headerFormats = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type HeaderFormat = (typeof headerFormats)[number];
/** The header formats that carry a file. */
export const mediaHeaderFormats = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const satisfies readonly HeaderFormat[];
export type MediaHeaderFormat = (typeof mediaHeaderFormats)[number];

/** OTP is the one-time-password button of AUTHENTICATION templates; the others are for MARKETING and UTILITY. */
export const templateButtonTypes = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;
export type TemplateButtonType = (typeof templateButtonTypes)[number];

/** POSITIONAL: {{1}}, {{2}}…; NAMED: {{first_name}}. One template uses one kind. */
export const parameterFormats = ['POSITIONAL', 'NAMED'] as const;
export type ParameterFormat = (typeof parameterFormats)[number];

/** Meta's limits, checked before anything is submitted (template-rules.ts). */
export const templateLimits = {
  nameMaxLength: 512,
  headerTextMaxLength: 60,
  headerMaxVariables: 1,
  bodyMaxLength: 1024,
  footerMaxLength: 60,
  maxButtons: 10,
  buttonTextMaxLength: 25,
  maxUrlButtons: 2,
  maxPhoneNumberButtons: 1,
  maxCopyCodeButtons: 1,
  urlMaxLength: 2000,
  phoneNumberMaxLength: 20,
  copyCodeExampleMaxLength: 15,
  codeExpirationMinutesMax: 90,
  /** A sent parameter's text (Meta's limit for body variables). */
  parameterMaxLength: 1024,
} as const;

/** The files Meta takes as header samples and header media, by header format. */
export const headerMediaRules: Record<MediaHeaderFormat, { mimeTypes: readonly string[]; maxBytes: number; described: string }> = {
  IMAGE: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024, described: 'JPEG or PNG, at most 5 MB' },
  VIDEO: { mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024, described: 'MP4 or 3GPP, at most 16 MB' },
  DOCUMENT: { mimeTypes: ['application/pdf'], maxBytes: 100 * 1024 * 1024, described: 'PDF, at most 100 MB' },
};

/** The header format a file can serve as, from its mime type; null when Meta takes it for none. */
export function headerFormatOfMime(mimeType: string): MediaHeaderFormat | null {
  const type = mimeType.toLowerCase();
  for (const format of ['IMAGE', 'VIDEO', 'DOCUMENT'] as const) if (headerMediaRules[format].mimeTypes.includes(type)) return format;
  return null;
}

const namedExampleSchema = z.object({ param_name: z.string(), example: z.string() });

export const headerComponentSchema = z.object({
  type: z.literal('HEADER'),
  format: z.enum(headerFormats, { error: `format must be one of ${headerFormats.join(', ')}` }),
  text: z.string().optional(),
  example: z
    .object({
      header_text: z.array(z.string()).optional(),
      header_text_named_params: z.array(namedExampleSchema).optional(),
      /** The sample file's handle from Meta's resumable upload (POST /api/templates/upload-media). */
      header_handle: z.array(z.string()).optional(),
    })
    .optional(),
});
export type HeaderComponent = z.infer<typeof headerComponentSchema>;

export const bodyComponentSchema = z.object({
  type: z.literal('BODY'),
  /** Absent for AUTHENTICATION templates: Meta writes their text. */
  text: z.string().optional(),
  example: z
    .object({
      /** One list of example values, in variable order. */
      body_text: z.array(z.array(z.string())).optional(),
      body_text_named_params: z.array(namedExampleSchema).optional(),
    })
    .optional(),
  /** AUTHENTICATION only: adds "For your security, do not share this code." */
  add_security_recommendation: z.boolean().optional(),
});
export type BodyComponent = z.infer<typeof bodyComponentSchema>;

export const footerComponentSchema = z.object({
  type: z.literal('FOOTER'),
  text: z.string().optional(),
  /** AUTHENTICATION only, instead of text: "This code expires in N minutes." */
  code_expiration_minutes: z.number().int().optional(),
});
export type FooterComponent = z.infer<typeof footerComponentSchema>;

export const templateButtonSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('QUICK_REPLY'), text: z.string() }),
    z.object({
      type: z.literal('URL'),
      text: z.string(),
      /** May end with one variable, {{1}}, filled in at send time. */
      url: z.string(),
      /** With a variable: the full example URL. */
      example: z.array(z.string()).optional(),
    }),
    z.object({ type: z.literal('PHONE_NUMBER'), text: z.string(), phone_number: z.string() }),
    /** Meta labels it "Copy offer code"; the code is given at send time. */
    z.object({ type: z.literal('COPY_CODE'), example: z.string() }),
    z.object({ type: z.literal('OTP'), otp_type: z.literal('COPY_CODE'), text: z.string().optional() }),
  ],
  { error: `button type must be one of ${templateButtonTypes.join(', ')}` },
);
export type TemplateButton = z.infer<typeof templateButtonSchema>;

export const buttonsComponentSchema = z.object({ type: z.literal('BUTTONS'), buttons: z.array(templateButtonSchema) });
export type ButtonsComponent = z.infer<typeof buttonsComponentSchema>;

export const templateComponentSchema = z.discriminatedUnion('type', [
  headerComponentSchema,
  bodyComponentSchema,
  footerComponentSchema,
  buttonsComponentSchema,
]);
export type TemplateComponent = z.infer<typeof templateComponentSchema>;

/** What the editor holds and POST /api/templates takes; Meta's limits are checked by validateTemplate (template-rules.ts). */
export const templateDraftSchema = z.object({
  name: z.string({ error: 'name is required' }).trim(),
  language: z.string({ error: 'language is required' }).trim(),
  category: z.enum(templateCategories, { error: `category must be one of ${templateCategories.join(', ')}` }),
  components: z.array(templateComponentSchema, { error: 'components is required' }),
});
export type TemplateDraft = z.infer<typeof templateDraftSchema>;

/** POST /api/templates */
export const createTemplateBodySchema = templateDraftSchema;

/**
 * PUT /api/templates/{id}: new components, resubmitted for review. name, language and category may
 * be repeated unchanged (the editor sends the whole draft); a different value is refused.
 */
export const updateTemplateBodySchema = templateDraftSchema.partial({ name: true, language: true, category: true });
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

export const templateSchema = z.object({
  id: z.number().int(),
  /** Meta's template id; null only while a submission is under way. */
  metaId: z.string().nullable(),
  name: z.string(),
  language: z.string(),
  category: z.enum(templateCategories),
  status: z.enum(templateStatuses),
  parameterFormat: z.enum(parameterFormats),
  components: z.array(templateComponentSchema),
  /** Why Meta rejected (or paused or disabled) it, e.g. INVALID_FORMAT. */
  rejectedReason: z.string().nullable(),
  /** Set when Meta re-categorised the template: what it was before. */
  previousCategory: z.enum(templateCategories).nullable(),
  /** Meta said it will re-categorise the template (24 hours after its notice): the category it will have, and when. */
  comingCategory: z.object({ category: z.enum(templateCategories), at: z.iso.datetime() }).nullable(),
  /** APPROVED: may be sent. PAUSED, DISABLED and the rest are offered nowhere. */
  usable: z.boolean(),
  /**
   * False for a template synced from Meta with parts this console does not model (such as Flow or
   * catalogue buttons): those parts are left out of `components`, and it can be neither edited nor sent here.
   */
  supported: z.boolean(),
  createdBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  statusUpdatedAt: z.iso.datetime(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateResponseSchema = z.object({ template: templateSchema });

/** GET /api/templates/search: newest change first. `name` matches any part of the name. */
export const templateSearchQuerySchema = z.object({
  category: z.enum(templateCategories).optional(),
  status: z.enum(templateStatuses).optional(),
  language: z.string().trim().max(20).optional(),
  name: z.string().trim().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TemplateSearchQuery = z.infer<typeof templateSearchQuerySchema>;

export const templateSearchResponseSchema = z.object({
  templates: z.array(templateSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** POST /api/templates/sync: reconciled with Meta's list. */
export const templateSyncResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
});

/** GET /api/templates/metadata/constants */
export const templateConstantsResponseSchema = z.object({
  categories: z.array(z.enum(templateCategories)),
  statuses: z.array(z.enum(templateStatuses)),
  editableStatuses: z.array(z.enum(templateStatuses)),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  componentTypes: z.array(z.enum(templateComponentTypes)),
  headerFormats: z.array(z.enum(headerFormats)),
  buttonTypes: z.array(z.enum(templateButtonTypes)),
  parameterFormats: z.array(z.enum(parameterFormats)),
  limits: z.record(z.string(), z.number()),
  headerMedia: z.record(z.string(), z.object({ mimeTypes: z.array(z.string()), maxBytes: z.number(), described: z.string() })),
});

export function templateConstants(): z.infer<typeof templateConstantsResponseSchema> {
  return {
    categories: [...templateCategories],
    statuses: [...templateStatuses],
    editableStatuses: [...editableTemplateStatuses],
    languages: templateLanguages.map(({ code, name }) => ({ code, name })),
    componentTypes: [...templateComponentTypes],
    headerFormats: [...headerFormats],
    buttonTypes: [...templateButtonTypes],
    parameterFormats: [...parameterFormats],
    limits: { ...templateLimits },
    headerMedia: Object.fromEntries(
      Object.entries(headerMediaRules).map(([format, rule]) => [format, { ...rule, mimeTypes: [...rule.mimeTypes] }]),
    ),
  };
}

/** POST /api/templates/upload-file (multipart field `file`): kept under DATA_DIR/uploads for sending as header media. */
export const templateUploadSchema = z.object({
  /** Give it as `{ uploadId }` in a media header parameter of POST /api/send-template. */
  id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** The header format it can serve as. */
  format: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']),
  createdAt: z.iso.datetime(),
});
export type TemplateUpload = z.infer<typeof templateUploadSchema>;
export const templateUploadResponseSchema = z.object({ upload: templateUploadSchema });

/** POST /api/templates/upload-media (multipart field `file`): a header sample sent through Meta's resumable upload. */
export const templateMediaHandleResponseSchema = z.object({
  /** Goes into the header's example.header_handle. */
  handle: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  format: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']),
});

// Sending: parameters in the shape of Meta's template message components.

const mediaReferenceSchema = z.object({
  /** A public https link Meta downloads. */
  link: z.url({ error: 'link must be an absolute URL' }).optional(),
  /** A media id Meta gave an earlier upload. */
  id: z.string().min(1).optional(),
  /** Our own upload from POST /api/templates/upload-file; the server hands it to Meta. */
  uploadId: z.string().min(1).optional(),
  /** Documents: the name the customer sees. */
  filename: z.string().max(240).optional(),
});
export type MediaReference = z.infer<typeof mediaReferenceSchema>;

export const sendParameterSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('text'),
      text: z.string({ error: 'text is required' }),
      /** NAMED templates: which variable. */
      parameter_name: z.string().optional(),
    }),
    z.object({ type: z.literal('image'), image: mediaReferenceSchema }),
    z.object({ type: z.literal('video'), video: mediaReferenceSchema }),
    z.object({ type: z.literal('document'), document: mediaReferenceSchema }),
    z.object({ type: z.literal('payload'), payload: z.string() }),
    z.object({ type: z.literal('coupon_code'), coupon_code: z.string() }),
  ],
  { error: 'parameter type must be one of text, image, video, document, payload, coupon_code' },
);
export type SendParameter = z.infer<typeof sendParameterSchema>;

export const sendComponentSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('header'), parameters: z.array(sendParameterSchema).max(1) }),
    z.object({ type: z.literal('body'), parameters: z.array(sendParameterSchema).max(100) }),
    z.object({
      type: z.literal('button'),
      sub_type: z.enum(['url', 'quick_reply', 'copy_code']),
      /** The button's position among the template's buttons, from 0. */
      index: z.union([z.number().int(), z.string().regex(/^\d+$/, 'index must be a number')]).transform(Number),
      parameters: z.array(sendParameterSchema).max(1),
    }),
  ],
  { error: 'component type must be one of header, body, button' },
);
export type SendComponent = z.infer<typeof sendComponentSchema>;
export type SendComponentInput = z.input<typeof sendComponentSchema>;

/** POST /api/send-template: not bound by the 24-hour window; the parameters are checked against the approved template. */
export const sendTemplateBodySchema = z.object({
  phone: customerAddressField('phone'),
  /** Saved as the contact's name when the number is new. */
  recipientName: z.string().trim().max(100).optional(),
  from: sendFromField,
  template_name: z.string({ error: 'template_name is required' }).trim().min(1, 'template_name is required').max(512),
  language_code: z.string({ error: 'language_code is required' }).trim().min(1, 'language_code is required').max(20),
  components: z.array(sendComponentSchema).max(12).default([]),
});
export type SendTemplateBody = z.input<typeof sendTemplateBodySchema>;

/** 201: the stored message (type 'template', content.text the rendered body), already handed to Meta. */
export const sendTemplateResponseSchema = z.object({ message: chatMessageSchema });

export const templateEventNames = { statusUpdate: 'template_status_update' } as const;

/**
 * A template was created, edited, reviewed by Meta (APPROVED, REJECTED with a reason), paused,
 * disabled, re-categorised or deleted (status DELETED): every console updates its lists live.
 */
export const templateStatusEventSchema = z.object({
  templateId: z.number().int(),
  name: z.string(),
  language: z.string(),
  status: z.enum(templateStatuses),
  previousStatus: z.enum(templateStatuses).nullable(),
  category: z.enum(templateCategories),
  reason: z.string().nullable(),
  template: templateSchema,
  timestamp: z.iso.datetime(),
});
export type TemplateStatusEvent = z.infer<typeof templateStatusEventSchema>;

/** POST /sandbox/control/template-status (admins, sandbox only): Meta changes a template's status, and the signed webhook follows. */
/**
 * POST /sandbox/control/template-category: Meta recategorises a sandbox template, now, or (`impending`) with its
 * notice that it will in 24 hours.
 */
export const sandboxTemplateCategoryBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required'),
  language: z.string().trim().min(1, 'language is required'),
  category: z.enum(templateCategories),
  impending: z.boolean().default(false),
});

export const sandboxTemplateStatusBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required'),
  language: z.string().trim().min(1, 'language is required'),
  status: z.enum(['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED']),
  reason: z.string().trim().max(200).optional(),
});
