import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { jobsRoutes } from './jobs.routes.ts';

export interface JobsDeps {
  jobs: JobRunner;
}

/** The background jobs page: kinds, runs, failures and retries. */
export async function registerJobs(app: FastifyInstance, { jobs }: JobsDeps): Promise<void> {
  await app.register(jobsRoutes, { jobs });
}
