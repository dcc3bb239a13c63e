import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_APP_NAME } from '@wac/contract/app-settings-defaults';
import type { EmailTemplateName } from '@wac/contract/email';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { defaultEmailTemplates, type EmailTemplate, renderTemplate } from './email-templates.ts';

export interface StoredSmtpSettings {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
  requireVerification: boolean;
}

export const SMTP_SETTINGS_KEY = 'email.smtp';
export const templateKey = (name: EmailTemplateName) => `email.template.${name}`;

export const defaultSmtpSettings: StoredSmtpSettings = {
  enabled: false,
  host: '',
  port: 587,
  secure: false,
  user: '',
  password: '',
  from: '',
  requireVerification: false,
};

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  sendTemplate(name: EmailTemplateName, to: string, variables: Record<string, string>): Promise<void>;
  verificationRequired(): Promise<boolean>;
  smtpSettings(): Promise<StoredSmtpSettings>;
  template(name: EmailTemplateName): Promise<EmailTemplate>;
  transportKind(): Promise<'settings' | 'environment' | 'outbox'>;
  fromAddress(): Promise<string>;
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

/** Mail goes through the console's SMTP settings, else SMTP_URL, else the outbox under DATA_DIR. */
export function createMailer(config: Config, settings: SettingsRepository, log: FastifyBaseLogger): Mailer {
  async function smtpSettings(): Promise<StoredSmtpSettings> {
    const stored = (await settings.get(SMTP_SETTINGS_KEY)) as Partial<StoredSmtpSettings> | undefined;
    return { ...defaultSmtpSettings, ...stored };
  }

  async function transportKind() {
    const smtp = await smtpSettings();
    if (smtp.enabled && smtp.host) return 'settings' as const;
    if (config.smtpUrl) return 'environment' as const;
    return 'outbox' as const;
  }

  async function fromAddress(smtp: StoredSmtpSettings): Promise<string> {
    const appName = ((await settings.get('app.name')) as string | undefined) || DEFAULT_APP_NAME;
    return smtp.from || `"${appName}" <no-reply@localhost>`;
  }

  async function writeToOutbox(mail: OutgoingMail & { from: string }): Promise<void> {
    const dir = outboxDir(config);
    await mkdir(dir, { recursive: true });
    const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
    await writeFile(path.join(dir, `${id}.json`), JSON.stringify({ id, ...mail, createdAt: new Date().toISOString() }, null, 2), {
      mode: 0o600,
    });
    log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox');
  }

  async function send(mail: OutgoingMail): Promise<void> {
    const smtp = await smtpSettings();
    const kind = await transportKind();
    const from = await fromAddress(smtp);
    if (kind === 'outbox') return writeToOutbox({ ...mail, from });
    const transport =
      kind === 'settings'
        ? nodemailer.createTransport({
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
            tls: { rejectUnauthorized: false },
            // A wrong host in the console should fail the admin's test within seconds, not minutes.
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 30_000,
          })
        : nodemailer.createTransport(config.smtpUrl);
    await transport.sendMail({ from, ...mail });
    log.info({ to: mail.to, subject: mail.subject, transport: kind }, 'mail sent');
  }

  async function template(name: EmailTemplateName): Promise<EmailTemplate> {
    const stored = (await settings.get(templateKey(name))) as Partial<EmailTemplate> | undefined;
    return { ...defaultEmailTemplates[name], ...stored };
  }

  return {
    send,
    async sendTemplate(name, to, variables) {
      const t = await template(name);
      const appName = ((await settings.get('app.name')) as string | undefined) || DEFAULT_APP_NAME;
      const vars = { appName, ...variables };
      await send({ to, subject: renderTemplate(t.subject, vars), text: renderTemplate(t.text, vars) });
    },
    verificationRequired: async () => (await smtpSettings()).requireVerification,
    smtpSettings,
    template,
    transportKind,
    fromAddress: async () => fromAddress(await smtpSettings()),
  };
}
