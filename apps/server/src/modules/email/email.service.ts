import type { User } from '@wac/contract/auth';
import { type EmailSettings, type EmailTemplateName, emailTemplateNames } from '@wac/contract/email';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import type { RequestMeta } from '../../http/auth-guard.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import { settingsOf } from '../settings/index.ts';
import { defaultEmailTemplates } from './email-templates.ts';
import { EMAIL_SETTINGS, type Mailer, outboxDir, SMTP_SETTINGS_KEY, type StoredSmtpSettings, templateKey } from './mailer.ts';
import { createOutboxRepository } from './outbox.repository.ts';

export type EmailSettingsUpdate = Partial<Omit<StoredSmtpSettings, 'sealedPassword'> & { password: string }>;

/** Templates whose mail is useless without the link the server fills in. */
const linkTemplates: readonly EmailTemplateName[] = ['password_reset', 'email_verification'];

function isTemplateName(name: string): name is EmailTemplateName {
  return (emailTemplateNames as readonly string[]).includes(name);
}

function toEmailSettings(stored: StoredSmtpSettings): EmailSettings {
  const { sealedPassword, ...visible } = stored;
  return { ...visible, hasPassword: sealedPassword !== '' };
}

function hostOfUrl(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

export interface EmailServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'dataDir' | 'smtpUrl'>;
  activities: ActivityService;
  mailer: Mailer;
}

export function createEmailService({ db, log, config, activities, mailer }: EmailServiceDeps) {
  const settings = settingsOf(db, EMAIL_SETTINGS);
  const outbox = createOutboxRepository(outboxDir(config));

  async function audit(actor: User, meta: RequestMeta, type: string, data: Record<string, string>, write: (tx: DbOrTx) => Promise<void>) {
    await inTransaction(db, async (tx) => {
      await write(tx);
      await activities.record({ type, sourceType: 'user', userId: actor.id, ip: meta.ip, data: { username: actor.username, ...data } }, tx);
    });
  }

  async function template(name: EmailTemplateName) {
    const t = await mailer.template(name);
    return { name, subject: t.subject, text: t.text, variables: defaultEmailTemplates[name].variables };
  }

  return {
    async status() {
      const [transport, smtp, from] = await Promise.all([mailer.transportKind(), mailer.smtpSettings(), mailer.fromAddress()]);
      const host = transport === 'settings' ? smtp.host : transport === 'environment' && config.smtpUrl ? hostOfUrl(config.smtpUrl) : null;
      return { transport, configured: transport !== 'outbox', host, from, requireVerification: smtp.requireVerification };
    },

    async settings(): Promise<EmailSettings> {
      return toEmailSettings(await mailer.smtpSettings());
    },

    /** The password is write-only: an empty or missing one keeps what is stored. */
    async updateSettings(actor: User, input: EmailSettingsUpdate, meta: RequestMeta): Promise<EmailSettings> {
      const current = await mailer.smtpSettings();
      const { password, ...rest } = input;
      const next: StoredSmtpSettings = {
        ...current,
        ...rest,
        sealedPassword: password ? mailer.sealPassword(password) : current.sealedPassword,
      };
      if (next.enabled && !next.host) {
        const message = 'SMTP host is required when SMTP is enabled';
        throw badRequest(message, [{ field: 'settings.host', message }]);
      }
      const changed = (Object.keys(next) as (keyof StoredSmtpSettings)[])
        .filter((k) => next[k] !== current[k])
        .map((k) => (k === 'sealedPassword' ? 'password' : k));
      if (changed.length === 0) return toEmailSettings(current);
      await audit(actor, meta, 'email_settings_updated', { details: changed.join(', ') }, (tx) =>
        settings.setMany({ [SMTP_SETTINGS_KEY]: next }, actor.id, tx),
      );
      return toEmailSettings(next);
    },

    /** A transport failure is the mail server's fault, not ours: 502 with its reason, never a 500. */
    async sendTest(actor: User, to: string, meta: RequestMeta) {
      const transport = await mailer.transportKind();
      try {
        await mailer.sendTemplate('test', to, {});
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        log.warn({ err, transport }, 'test email failed');
        throw new AppError('SERVICE_UNAVAILABLE', `Could not send the test email: ${reason}`, 502);
      }
      await activities.record({
        type: 'email_test_sent',
        sourceType: 'user',
        userId: actor.id,
        ip: meta.ip,
        data: { username: actor.username, recipient: to, details: transport },
      });
      const message =
        transport === 'outbox'
          ? `No SMTP server is configured: the test email to ${to} was kept in the outbox`
          : `Test email sent to ${to}`;
      return { message, transport };
    },

    templates() {
      return Promise.all(emailTemplateNames.map(template));
    },

    async updateTemplate(actor: User, name: string, input: { subject: string; text: string }, meta: RequestMeta) {
      if (!isTemplateName(name)) throw notFound('Email template not found');
      // The template saved back as it was read (the update trims what it is given) changes nothing.
      const current = await mailer.template(name);
      if (input.subject === current.subject.trim() && input.text === current.text.trim()) return template(name);
      if (linkTemplates.includes(name) && !/\{\{\s*link\s*\}\}/.test(input.text)) {
        const message = 'Text must contain {{link}}, or the email cannot be used';
        throw badRequest(message, [{ field: 'template.text', message }]);
      }
      await audit(actor, meta, 'email_template_updated', { name }, (tx) =>
        settings.setMany({ [templateKey(name)]: { subject: input.subject, text: input.text } }, actor.id, tx),
      );
      return template(name);
    },

    outbox: (limit: number) => outbox.list(limit),

    async outboxMessage(id: string) {
      const message = await outbox.read(id);
      if (!message) throw notFound('Outbox message not found');
      return message;
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
