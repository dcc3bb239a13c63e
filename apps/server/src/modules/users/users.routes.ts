import { setUserPasswordBodySchema, userResponseSchema } from '@wac/contract/auth';
import { idParamsSchema } from '@wac/contract/common';
import { messageResponseSchema, successResponseSchema } from '@wac/contract/errors';
import { createUserBodySchema, listUsersQuerySchema, listUsersResponseSchema, updateUserBodySchema } from '@wac/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import type { UsersService } from './users.service.ts';

const tags = ['Users'];

export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (app, { usersService }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get('/api/users', { schema: { tags, querystring: listUsersQuerySchema, response: { 200: listUsersResponseSchema } } }, (request) =>
    usersService.list(request.query),
  );

  app.post(
    '/api/register',
    { config: { license: { quota: 'users' } }, schema: { tags, body: createUserBodySchema, response: { 201: userResponseSchema } } },
    async (request, reply) => {
      const user = await usersService.create(currentUser(request), request.body, requestMeta(request));
      return reply.status(201).send({ user });
    },
  );

  app.put(
    '/api/users/:id',
    { schema: { tags, params: idParamsSchema, body: updateUserBodySchema, response: { 200: userResponseSchema } } },
    async (request) => ({
      user: await usersService.update(currentUser(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete('/api/users/:id', { schema: { tags, params: idParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await usersService.delete(currentUser(request), request.params.id, requestMeta(request));
    return { success: true as const };
  });

  app.post(
    '/api/users/:id/change-password',
    { schema: { tags, params: idParamsSchema, body: setUserPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await usersService.setPassword(
        currentUser(request),
        request.auth?.sessionId ?? null,
        request.params.id,
        request.body.newPassword,
        requestMeta(request),
      );
      return { message: 'Password updated' };
    },
  );
};
