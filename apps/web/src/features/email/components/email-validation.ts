import { emailSettingsUpdateSchema, emailTemplateUpdateSchema } from '@wac/contract/email';
import { type FieldErrors, firstErrors } from '../../../lib/form-errors';

export interface SmtpFormValues {
  enabled: boolean;
  host: string;
  port: string;
  secure: boolean;
  user: string;
  password: string;
  from: string;
  requireVerification: boolean;
}

/** An empty password means 'keep the stored one', so it is left out of the update. */
export function validateSmtpSettings(values: SmtpFormValues) {
  const port = values.port.trim() === '' ? Number.NaN : Number(values.port);
  const { password, ...rest } = values;
  const input = { ...rest, port, ...(password !== '' ? { password } : {}) };
  const result = emailSettingsUpdateSchema.safeParse(input);
  const errors: FieldErrors<keyof SmtpFormValues> = result.success ? {} : firstErrors<keyof SmtpFormValues>(result.error);
  if (Number.isNaN(port)) errors.port = 'SMTP port must be a number';
  if (values.enabled && values.host.trim() === '') errors.host = 'SMTP host is required to send through this server';
  const ok = result.success && Object.keys(errors).length === 0;
  return { data: ok ? result.data : undefined, errors };
}

/** Templates that carry a link are useless without it; the server refuses them with the same words. */
export function validateEmailTemplate(template: { subject: string; text: string }, variables: readonly string[] = []) {
  const result = emailTemplateUpdateSchema.safeParse({ template });
  const errors: FieldErrors<'subject' | 'text'> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[1];
      if ((field === 'subject' || field === 'text') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.text && variables.includes('link') && !/\{\{\s*link\s*\}\}/.test(template.text)) {
    errors.text = 'Text must contain {{link}}, or the email cannot be used';
  }
  if (!result.success || errors.text) return { data: undefined, errors };
  return { data: result.data.template, errors };
}
