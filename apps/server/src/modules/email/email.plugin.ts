import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { settingsOf } from '../settings/index.ts';
import { emailRoutes } from './email.routes.ts';
import { createEmailService } from './email.service.ts';
import { EMAIL_SETTINGS, outboxDir } from './mailer.ts';
import { createOutboxRepository } from './outbox.repository.ts';

/** SMTP settings, mail templates and the outbox of mail written while no SMTP server is set. */
export const emailPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const emailService = createEmailService(ctx, settingsOf(ctx.database.db, EMAIL_SETTINGS), createOutboxRepository(outboxDir(ctx.config)));
  await app.register(emailRoutes, { ctx, emailService });
};
