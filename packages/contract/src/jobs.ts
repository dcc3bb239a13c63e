import { z } from 'zod';

/**
 * Two kinds of background work share one runner:
 * - scheduled: periodic jobs on the job library, run once per period across every server process;
 * - claim: rows a table hands out in batches (webhook events, media downloads), claimed with SKIP LOCKED.
 */
export const jobMechanisms = ['scheduled', 'claim'] as const;
export type JobMechanism = (typeof jobMechanisms)[number];

/** How many failures the jobs page lists per kind, newest first. */
export const JOB_FAILURES_SHOWN = 20;

export const jobFailureSchema = z.object({
  /** The job's id, or the row's id for a claim loop. */
  id: z.string(),
  error: z.string(),
  /** When it failed; a webhook event keeps no failure time, so for one this is when it arrived. */
  failedAt: z.iso.datetime(),
  attempts: z.number().int(),
});
export type JobFailure = z.infer<typeof jobFailureSchema>;

export const jobKindSummarySchema = z.object({
  name: z.string(),
  title: z.string(),
  mechanism: z.enum(jobMechanisms),
  /** How often a scheduled kind runs; null for a claim loop, which runs whenever work arrives. */
  everySeconds: z.number().nullable(),
  /** Waiting to run (a scheduled kind's next run; a claim loop's rows, those in hand included). */
  queued: z.number().int(),
  /** Under way; null for a claim loop, whose claims are row locks of open transactions that a count cannot see. */
  running: z.number().int().nullable(),
  /** Given up on: they wait for an admin's retry. */
  failed: z.number().int(),
  /** The next run of a scheduled kind. */
  nextRunAt: z.iso.datetime().nullable(),
  failures: z.array(jobFailureSchema),
});
export type JobKindSummary = z.infer<typeof jobKindSummarySchema>;

/** GET /api/jobs (admin). */
export const jobsOverviewSchema = z.object({ kinds: z.array(jobKindSummarySchema) });
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** POST /api/jobs/{kind}/failures/{id}/retry (admin). */
export const jobFailureParamsSchema = z.object({
  kind: z.string().min(1).max(100),
  id: z.string().regex(/^\d{1,15}$/, 'Id must be a number'),
});

/** POST /api/jobs/{kind}/run (admin): a scheduled kind runs now, once, on whichever server takes it. */
export const jobKindParamsSchema = z.object({ kind: z.string().min(1).max(100) });
