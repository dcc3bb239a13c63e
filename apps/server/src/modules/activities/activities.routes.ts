import {
  activityResponseSchema,
  createActivityBodySchema,
  listActivitiesQuerySchema,
  listActivitiesResponseSchema,
  markReadBodySchema,
  markReadResponseSchema,
} from '@wac/contract/activities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { perUser } from '../../http/rate-limits.ts';
import type { ActivityService } from './activities.service.ts';

const tags = ['Activities'];

export const activitiesRoutes: FastifyPluginAsyncZod<{ activities: ActivityService; postsPerMinute: number }> = async (
  app,
  { activities, postsPerMinute },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/activities',
    { schema: { tags, querystring: listActivitiesQuerySchema, response: { 200: listActivitiesResponseSchema } } },
    (request) => activities.list(currentUser(request), request.query),
  );

  app.post(
    '/api/activities',
    {
      ...perUser(postsPerMinute, 60_000),
      schema: {
        tags,
        description:
          "Admins may name another userId, any sourceType and type, an ip and a timestamp. Anyone else records sourceType 'user' " +
          'activities of their own with a type the server does not write itself, and data of spec 3’s fields only (username, ' +
          'status, recipient, name, action, details) up to 4 KB as JSON; their ip, timestamp and data.username are the server’s. ' +
          'Each user may post RATE_LIMIT_ACTIVITIES a minute (429 with Retry-After beyond).',
        body: createActivityBodySchema,
        response: { 201: activityResponseSchema },
      },
    },
    async (request, reply) => {
      const activity = await activities.recordPosted(currentUser(request), request.body, request.ip);
      return reply.status(201).send({ activity });
    },
  );

  app.post(
    '/api/activities/mark-read',
    { schema: { tags, body: markReadBodySchema, response: { 200: markReadResponseSchema } } },
    async (request) => ({
      updated: await activities.markRead(currentUser(request), request.body),
    }),
  );
};
