import type { EmailTemplateName } from '@wac/contract/email';

export interface EmailTemplate {
  subject: string;
  text: string;
  variables: string[];
}

export const defaultEmailTemplates: Record<EmailTemplateName, EmailTemplate> = {
  password_reset: {
    subject: 'Reset your {{appName}} password',
    text: 'Hello {{username}},\n\nSomeone asked to reset your {{appName}} password. Open this link to choose a new one:\n\n{{link}}\n\nThe link expires in 1 hour and works once. If you did not ask for this, ignore this email.\n',
    variables: ['appName', 'username', 'link'],
  },
  email_verification: {
    subject: 'Verify your email for {{appName}}',
    text: 'Hello {{username}},\n\nPlease confirm your email address by opening this link:\n\n{{link}}\n',
    variables: ['appName', 'username', 'link'],
  },
  test: {
    subject: '{{appName}} test email',
    text: 'This is a test email from {{appName}}. If you can read it, email delivery works.\n',
    variables: ['appName'],
  },
};

export function renderTemplate(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}
