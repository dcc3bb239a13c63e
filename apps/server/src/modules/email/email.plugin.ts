import type { FastifyInstance } from 'fastify';
import { emailRoutes } from './email.routes.ts';
import { createEmailService, type EmailServiceDeps } from './email.service.ts';

/** What the email domain's routes use: exactly what its service is built from. */
export type EmailDeps = EmailServiceDeps;

/** SMTP settings, mail templates and the outbox of mail written while no SMTP server is set. */
export async function registerEmail(app: FastifyInstance, deps: EmailDeps): Promise<void> {
  await app.register(emailRoutes, { emailService: createEmailService(deps) });
}
