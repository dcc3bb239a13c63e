import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Staff accounts, managed by admins. */
export const usersPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(usersRoutes, { ctx, usersService: createUsersService(ctx, createUsersRepository(ctx.database.db), ctx.auth) });
};
