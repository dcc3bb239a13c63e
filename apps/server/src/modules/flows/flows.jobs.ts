import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { type ClaimLoopKind, claimQueue, noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import type { FlowRuntime } from './flow-runtime.ts';
import { inboxSize } from './flow-sessions.repository.ts';

/** Customers' messages in bot-held conversations, answered conversation by conversation (flow-runtime.ts). */
export function flowInboxLoop(db: Db, runtime: FlowRuntime): ClaimLoopKind {
  return {
    name: 'flows.inbox',
    title: 'Answer customers with bot flows',
    loop: runtime.loop,
    queue: async () => claimQueue({ queued: await inboxSize(db), failed: 0 }, []),
    // A message the bot could not answer is dropped from the queue after a few tries (logged): nothing waits for a retry.
    retry: async () => false,
  };
}

const TIMERS_EVERY_MS = 5_000;

/**
 * Every few seconds: questions past their no-answer time get the engine's timeout (its edge, or the end, with the
 * replies sent), and sessions idle for longer than `idleMinutes` end without a message.
 */
export function flowSessionTimersJob(deps: { runtime: FlowRuntime; log: FastifyBaseLogger; idleMinutes: number }): ScheduledJobKind {
  return {
    name: 'flows.session-timers',
    title: 'Time out and end idle bot flow sessions',
    payload: noPayload,
    everyMs: TIMERS_EVERY_MS,
    handler: async () => {
      const timedOut = await deps.runtime.runTimeouts();
      const idle = await deps.runtime.endIdle(new Date(Date.now() - deps.idleMinutes * 60_000));
      if (timedOut + idle > 0) deps.log.info({ timedOut, idle }, 'bot flow sessions timed out or ended idle');
    },
  };
}
