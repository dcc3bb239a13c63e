import type { FastifyBaseLogger } from 'fastify';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
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

/** Runs cleanUpSignIns every minute on every server; a row goes once, whoever deletes it. */
export function createSignInCleanup(deps: { auth: AuthRepository; realtime: Realtime; log: FastifyBaseLogger }) {
  return createKickableLoop({
    run: async () => {
      const removed = await cleanUpSignIns(deps.auth, deps.realtime);
      if (removed.sessions > 0) deps.log.info({ sessions: removed.sessions }, 'expired sessions ended');
    },
    intervalMs: CLEANUP_INTERVAL_MS,
    onError: (err) => deps.log.error({ err }, 'sign-in cleanup failed'),
  });
}
