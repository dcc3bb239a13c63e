import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_APP_NAME } from '@wac/contract/app-settings-defaults';
import type { EmailTemplateName } from '@wac/contract/email';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { settingsOf } from '../settings/index.ts';
import { defaultEmailTemplates, type EmailTemplate, renderTemplate } from './email-templates.ts';

/** The `email.smtp` row. */
export interface StoredSmtpSettings {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  /** Accept a certificate that does not verify, for a relay with a self-signed one; off unless an admin turns it on. */
  allowSelfSigned: boolean;
  /** Send a username and password over a connection that is not encrypted; off unless an admin opts out of TLS. */
  allowUnencrypted: boolean;
  user: string;
  /** Sealed with the secret box ('' when none) and opened only to build the transport. */
  sealedPassword: string;
  from: string;
  requireVerification: boolean;
}

/** Rows saved before the password was encrypted at rest hold it in clear under `password`. */
type SmtpSettingsRow = Partial<StoredSmtpSettings> & { password?: string };

/** The settings rows email keeps: under this prefix. */
export const EMAIL_SETTINGS = 'email.';
export const SMTP_SETTINGS_KEY = `${EMAIL_SETTINGS}smtp`;
export const templateKey = (name: EmailTemplateName) => `${EMAIL_SETTINGS}template.${name}`;

export const defaultSmtpSettings: StoredSmtpSettings = {
  enabled: false,
  host: '',
  port: 587,
  secure: false,
  allowSelfSigned: false,
  allowUnencrypted: false,
  user: '',
  sealedPassword: '',
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
  /** The form in which a new SMTP password is saved. */
  sealPassword(password: string): string;
  template(name: EmailTemplateName): Promise<EmailTemplate>;
  transportKind(): Promise<'settings' | 'environment' | 'outbox'>;
  fromAddress(): Promise<string>;
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/** Port 587 is mail submission, where STARTTLS is expected (RFC 8314); nodemailer's default without TLS from the start. */
const SUBMISSION_PORT = 587;

/** The query option on SMTP_URL that opts out of TLS, as "Allow signing in without TLS" does in the console. */
export const SMTP_URL_OPT_OUT = 'allowUnencrypted';

/**
 * A connection that is not TLS from the start must be upgraded with STARTTLS whenever it carries a username and
 * password (on any port), and always on the submission port, so a server that does not offer STARTTLS is refused
 * rather than sent the password and mail in clear; unless the admin opted out explicitly.
 */
export function tlsRequired(connection: { secure: boolean; port: number; signsIn: boolean; allowUnencrypted: boolean }): boolean {
  return !connection.secure && !connection.allowUnencrypted && (connection.signsIn || connection.port === SUBMISSION_PORT);
}

/** Certificates are verified unless the admin allows a self-signed one; TLS as tlsRequired says. */
export function smtpTransportOptions(smtp: StoredSmtpSettings, password: string): SMTPTransport.Options {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: tlsRequired({ ...smtp, signsIn: smtp.user !== '', allowUnencrypted: smtp.allowUnencrypted }),
    tls: { rejectUnauthorized: !smtp.allowSelfSigned },
    auth: smtp.user ? { user: smtp.user, pass: password } : undefined,
    // A wrong host in the console should fail the admin's test within seconds, not minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

/** SMTP_URL as nodemailer reads it, with TLS required as tlsRequired says unless the URL has `?allowUnencrypted=true`. */
export function smtpUrlTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const allowUnencrypted = url.searchParams.get(SMTP_URL_OPT_OUT) === 'true';
  url.searchParams.delete(SMTP_URL_OPT_OUT);
  const options = parseConnectionUrl(url.toString());
  const secure = options.secure === true;
  const port = options.port ?? (secure ? 465 : SUBMISSION_PORT);
  const signsIn = options.auth !== undefined;
  return { ...options, requireTLS: options.requireTLS === true || tlsRequired({ secure, port, signsIn, allowUnencrypted }) };
}

/** nodemailer's refusal of a server that does not upgrade to TLS says neither why TLS was required nor what to do. */
function explainTlsRefusal(err: unknown): unknown {
  const { code, command, response } = err as { code?: string; command?: string; response?: unknown };
  // A certificate that does not verify is also ETLS, but without the server's answer to STARTTLS.
  if (!(err instanceof Error) || code !== 'ETLS' || command !== 'STARTTLS' || typeof response !== 'string') return err;
  return new Error(
    `The SMTP server does not offer STARTTLS (it answered "${response.trim()}"), so the password and mail would travel unencrypted: use TLS from the start, a server that offers STARTTLS, or allow signing in without TLS`,
    { cause: err },
  );
}

/** Mail goes through the console's SMTP settings, else SMTP_URL, else the outbox under DATA_DIR. */
export interface MailerDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'dataDir' | 'smtpUrl'>;
}

export function createMailer({ db, log, config }: MailerDeps): Mailer {
  const settings = settingsOf(db, EMAIL_SETTINGS);
  const secrets = createSecretBox(config.dataDir);

  /** A row still holding the password in clear is sealed in place on first read, unless a save changed it meanwhile. */
  async function smtpSettings(): Promise<StoredSmtpSettings> {
    const row = (await settings.get(SMTP_SETTINGS_KEY)) as SmtpSettingsRow | undefined;
    const { password, ...rest } = row ?? {};
    const stored = { ...defaultSmtpSettings, ...rest };
    if (password === undefined) return stored;
    const sealed = { ...stored, sealedPassword: password ? secrets.seal(password) : '' };
    await settings.replace(SMTP_SETTINGS_KEY, row, sealed);
    return sealed;
  }

  function openPassword(smtp: StoredSmtpSettings): string {
    if (!smtp.sealedPassword) return '';
    const password = secrets.open(smtp.sealedPassword);
    if (password === null) {
      throw new Error('the saved SMTP password cannot be read on this server (DATA_DIR/.license-secret-key differs): enter it again');
    }
    return password;
  }

  async function transportKind() {
    const smtp = await smtpSettings();
    if (smtp.enabled && smtp.host) return 'settings' as const;
    if (config.smtpUrl) return 'environment' as const;
    return 'outbox' as const;
  }

  async function fromAddress(smtp: StoredSmtpSettings): Promise<string> {
    const appName = (await settings.appName()) || DEFAULT_APP_NAME;
    return smtp.from || `"${appName}" <no-reply@localhost>`;
  }

  async function writeToOutbox(mail: OutgoingMail & { from: string }): Promise<void> {
    const dir = outboxDir(config);
    await mkdir(dir, { recursive: true, mode: 0o700 });
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
        ? nodemailer.createTransport(smtpTransportOptions(smtp, openPassword(smtp)))
        : nodemailer.createTransport(smtpUrlTransportOptions(config.smtpUrl as string));
    await transport.sendMail({ from, ...mail }).catch((err: unknown) => {
      throw explainTlsRefusal(err);
    });
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
      const appName = (await settings.appName()) || DEFAULT_APP_NAME;
      const vars = { appName, ...variables };
      await send({ to, subject: renderTemplate(t.subject, vars), text: renderTemplate(t.text, vars) });
    },
    verificationRequired: async () => (await smtpSettings()).requireVerification,
    smtpSettings,
    sealPassword: (password) => secrets.seal(password),
    template,
    transportKind,
    fromAddress: async () => fromAddress(await smtpSettings()),
  };
}
