import { jobFailureParamsSchema, jobKindParamsSchema, jobsOverviewSchema } from '@wac/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobRunner } from '../../jobs/job-runner.ts';

const tags = ['Jobs'];
const response = { 200: jobsOverviewSchema };

/** The jobs page: every kind of background work with its queue, and the admin's retry and run-now buttons. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobRunner }> = async (app, { jobs }) => {
  app.addHook('onRequest', app.requireAdmin);
  const overview = async () => ({ kinds: await jobs.overview() });

  app.get('/api/jobs', { schema: { tags, summary: 'Job kinds with queued, running and failed jobs', response } }, overview);

  app.post(
    '/api/jobs/:kind/run',
    {
      schema: { tags, summary: 'Run a scheduled job kind now, once, on whichever server takes it', params: jobKindParamsSchema, response },
    },
    async (request) => {
      await jobs.runNow(request.params.kind);
      return overview();
    },
  );

  app.post(
    '/api/jobs/:kind/failures/:id/retry',
    { schema: { tags, summary: 'Run a failed job again', params: jobFailureParamsSchema, response } },
    async (request) => {
      await jobs.retry(request.params.kind, request.params.id);
      return overview();
    },
  );
};
