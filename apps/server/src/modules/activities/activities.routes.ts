import {
  activityResponseSchema,
  createActivityBodySchema,
  listActivitiesQuerySchema,
  listActivitiesResponseSchema,
  markReadBodySchema,
  markReadResponseSchema,
} from '@wac/contract/activities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth-guard.ts';

const tags = ['Activities'];

export const activitiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/activities',
    { schema: { tags, querystring: listActivitiesQuerySchema, response: { 200: listActivitiesResponseSchema } } },
    (request) => ctx.activities.list(currentUser(request), request.query),
  );

  app.post(
    '/api/activities',
    { schema: { tags, body: createActivityBodySchema, response: { 201: activityResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      await ctx.activities.assertMayRecordFor(user, body.userId, body.sourceType);
      const { activity } = await ctx.activities.record({
        type: body.type,
        sourceType: body.sourceType,
        data: body.data,
        userId: body.userId ?? user.id,
        ip: body.ip ?? request.ip,
        createdAt: body.timestamp ? new Date(body.timestamp) : undefined,
      });
      return reply.status(201).send({ activity });
    },
  );

  app.post(
    '/api/activities/mark-read',
    { schema: { tags, body: markReadBodySchema, response: { 200: markReadResponseSchema } } },
    async (request) => ({
      updated: await ctx.activities.markRead(currentUser(request), request.body),
    }),
  );
};
