import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { profileRoutes } from './profile.routes.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Staff accounts, managed by admins; each user's own address on their profile. */
export const usersPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const usersService = createUsersService(ctx, createUsersRepository(ctx.database.db), ctx.auth);
  await app.register(usersRoutes, { ctx, usersService });
  await app.register(profileRoutes, { usersService });
};
