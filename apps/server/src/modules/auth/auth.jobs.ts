import type { FastifyBaseLogger } from 'fastify';
import { noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import { disconnectSessions, type Realtime } from '../../realtime/realtime.ts';
import type { AuthRepository } from './auth.repository.ts';
import { THROTTLE_WINDOW_MS } from './auth.service.ts';

const CLEANUP_INTERVAL_MS = 60_000;

/** Ends expired sessions (closing their sockets on every server) and forgets sign-in attempts whose window is over. */
export async function cleanUpSignIns(auth: AuthRepository, realtime: Realtime): Promise<{ sessions: number; attempts: number }> {
  const ended = await auth.deleteExpiredSessions();
  disconnectSessions(realtime, ended);
  const attempts = await auth.deleteStaleSignInAttempts(THROTTLE_WINDOW_MS);
  return { sessions: ended.length, attempts };
}

/** Runs cleanUpSignIns every minute; a row goes once, whichever server deletes it. */
export function signInCleanupJob(deps: { auth: AuthRepository; realtime: Realtime; log: FastifyBaseLogger }): ScheduledJobKind {
  return {
    name: 'auth.sign-in-cleanup',
    title: 'End expired sessions and forget old sign-in attempts',
    payload: noPayload,
    everyMs: CLEANUP_INTERVAL_MS,
    handler: async () => {
      const removed = await cleanUpSignIns(deps.auth, deps.realtime);
      if (removed.sessions > 0) deps.log.info({ sessions: removed.sessions }, 'expired sessions ended');
    },
  };
}
