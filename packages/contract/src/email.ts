import { z } from 'zod';
import { acceptingReadBack, emailSchema } from './common.ts';
import { emailPattern } from './email-address.ts';

export const emailTransports = ['settings', 'environment', 'outbox'] as const;

export const emailStatusSchema = z.object({
  transport: z.enum(emailTransports),
  configured: z.boolean(),
  host: z.string().nullable(),
  from: z.string(),
  requireVerification: z.boolean(),
});

/** SMTP settings saved in the console; the password is write-only and never returned. */
export const emailSettingsSchema = z.object({
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  allowSelfSigned: z.boolean(),
  allowUnencrypted: z.boolean(),
  user: z.string(),
  from: z.string(),
  hasPassword: z.boolean(),
  requireVerification: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const emailSettingsUpdateSchema = z
  .object({
    enabled: z.boolean(),
    host: z
      .string()
      .trim()
      .max(255)
      .regex(/^$|^[A-Za-z0-9.-]+$/, 'SMTP host must be a host name or address'),
    port: z
      .number({ error: 'SMTP port must be a number' })
      .int()
      .min(1, 'SMTP port must be between 1 and 65535')
      .max(65535, 'SMTP port must be between 1 and 65535'),
    secure: z.boolean(),
    /** Off by default: the server's certificate is verified. */
    allowSelfSigned: z.boolean(),
    /** Off by default: a connection that signs in must be encrypted (TLS from the start or STARTTLS). */
    allowUnencrypted: z.boolean(),
    user: z.string().trim().max(255),
    password: z.string().max(500),
    from: z
      .string()
      .trim()
      .max(255)
      .refine(
        (v) => v === '' || emailPattern.test(v.replace(/^.*<(.+)>$/, '$1')),
        'From must be an email address, optionally as Name <email>',
      ),
    requireVerification: z.boolean(),
  })
  .partial()
  .strict();

export const emailSettingsBodySchema = z.object({ settings: acceptingReadBack(emailSettingsUpdateSchema, emailSettingsSchema) });
export const emailSettingsResponseSchema = z.object({ settings: emailSettingsSchema });
export const emailTestBodySchema = z.object({ to: emailSchema });

export const emailTemplateNames = ['password_reset', 'email_verification', 'test'] as const;
export const emailTemplateNameSchema = z.enum(emailTemplateNames);
export type EmailTemplateName = z.infer<typeof emailTemplateNameSchema>;
export const emailTemplateSchema = z.object({
  name: emailTemplateNameSchema,
  subject: z.string(),
  text: z.string(),
  variables: z.array(z.string()),
});
export const emailTemplateUpdateSchema = z.object({
  template: z.object({
    subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
    text: z.string().trim().min(1, 'Text is required').max(10000, 'Text must be at most 10000 characters'),
  }),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const emailTestResponseSchema = z.object({ message: z.string(), transport: z.enum(emailTransports) });

export const emailTemplatesResponseSchema = z.object({ templates: z.array(emailTemplateSchema) });
export const emailTemplateResponseSchema = z.object({ template: emailTemplateSchema });
/** Any name reaches the service, so an unknown template is a 404 rather than a 400. */
export const emailTemplateParamsSchema = z.object({ name: z.string().max(100) });

/** Outbox ids are `<epoch ms>-<8 hex>`; nothing else can name a file, so an id cannot leave the outbox directory. */
export const OUTBOX_ID_PATTERN = /^\d{1,16}-[0-9a-f]{8}$/;
export const outboxIdParamsSchema = z.object({ id: z.string().regex(OUTBOX_ID_PATTERN, 'Outbox message id is not valid') });
export const outboxListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const outboxListResponseSchema = z.object({ messages: z.array(outboxMessageSchema), total: z.number().int() });
export const outboxMessageResponseSchema = z.object({ message: outboxMessageSchema });
