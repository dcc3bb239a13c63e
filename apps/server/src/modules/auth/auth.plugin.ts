import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { signInCleanupJob } from './auth.jobs.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-in, sessions, password reset and email verification, and the cleanup of what expired. */
export const authPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(authRoutes, { ctx, authService: ctx.auth });
  ctx.jobs.schedule(signInCleanupJob({ auth: createAuthRepository(ctx.database.db), realtime: ctx.realtime, log: ctx.log }));
};
