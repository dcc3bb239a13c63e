/**
 * Email: SMTP settings, templates and the outbox the other domains send account mail through.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { emailPlugin } from './email.plugin.ts';
export type { Mailer } from './mailer.ts';
export { createMailer, EMAIL_SETTINGS } from './mailer.ts';
