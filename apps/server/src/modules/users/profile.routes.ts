import { userResponseSchema } from '@wac/contract/auth';
import { updateOwnEmailBodySchema } from '@wac/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import type { UsersService } from './users.service.ts';

/** What every signed-in user changes about their own account (the password is auth's POST /api/change-password). */
export const profileRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (app, { usersService }) => {
  app.put(
    '/api/profile/email',
    { onRequest: [app.requireUser], schema: { tags: ['Profile'], body: updateOwnEmailBodySchema, response: { 200: userResponseSchema } } },
    async (request) => ({ user: await usersService.changeOwnEmail(currentUser(request), request.body.email, requestMeta(request)) }),
  );
};
