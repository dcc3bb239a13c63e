import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Mailer } from '../email/index.ts';
import { signInCleanupJob } from './auth.jobs.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'rateLimits'>;
  realtime: Realtime;
  jobs: JobRunner;
  auth: AuthService;
  mailer: Pick<Mailer, 'verificationRequired'>;
}

/** Sign-in, sessions, password reset and email verification, and the cleanup of what expired. */
export async function registerAuth(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  await app.register(authRoutes, { authService: deps.auth, mailer: deps.mailer, limits: deps.config.rateLimits });
  deps.jobs.schedule(signInCleanupJob({ auth: createAuthRepository(deps.db), realtime: deps.realtime, log: deps.log }));
}
