import { errorBodySchema } from '@wac/contract/errors';
import { databaseSizesSchema, optimizeBodySchema, optimizeResultSchema } from '@wac/contract/maintenance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import type { OptimizeService } from './optimize.service.ts';

const tags = ['Maintenance'];

/** Settings → Maintenance, optimize: the database's sizes, and rebuilding its indexes and statistics (admins only). */
export const optimizeRoutes: FastifyPluginAsyncZod<{ optimize: OptimizeService }> = async (app, { optimize }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/api/database/sizes',
    { schema: { tags, summary: 'Rows, table and index bytes of every collection, now', response: { 200: databaseSizesSchema } } },
    () => optimize.sizes(),
  );

  app.post(
    '/api/database/optimize',
    {
      schema: {
        tags,
        summary: 'Rebuild indexes (REINDEX CONCURRENTLY) and refresh statistics (ANALYZE) of the chosen collections',
        description:
          'Runs table by table while the chat goes on, and answers each step with its time, and the sizes before and after. ' +
          'Omitted operations are both; omitted collections are all. One at a time across every server: meanwhile, 409.',
        body: optimizeBodySchema,
        response: { 200: optimizeResultSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    (request) => optimize.optimize(currentUser(request), request.body, requestMeta(request)),
  );
};
