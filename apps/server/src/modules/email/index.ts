/**
 * Email: SMTP settings, templates and the outbox the other domains send account mail through.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type EmailDeps, registerEmail } from './email.plugin.ts';
export type { Mailer, MailerDeps } from './mailer.ts';
export { createMailer } from './mailer.ts';
