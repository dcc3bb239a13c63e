import { successResponseSchema } from '@wac/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messagingLimitTiers, type SandboxPhoneNumbers } from './phone-number.ts';
import type { SendCounter } from './send-counter.ts';

const tierBodySchema = z.object({
  tier: z.enum(messagingLimitTiers, { error: `tier must be one of ${messagingLimitTiers.join(', ')}` }),
});

const sendCountsSchema = z.object({
  total: z.number().int(),
  byRecipient: z.record(z.string(), z.number().int()),
  perSecond: z.array(z.object({ second: z.number().int(), count: z.number().int() })),
  marketing: z.number().int(),
  byNumber: z.record(
    z.string(),
    z.object({ total: z.number().int(), maxInCalendarSecond: z.number().int(), maxInAnySecond: z.number().int() }),
  ),
});

/** Controls for bulk-sending tests and benchmarks: the number's messaging limit tier, and what the Graph accepted. */
export const sandboxSendingControlRoutes: FastifyPluginAsyncZod<{ phoneNumbers: SandboxPhoneNumbers; sends: SendCounter }> = async (
  app,
  { phoneNumbers, sends },
) => {
  app.put(
    '/sandbox/control/messaging-limit-tier',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'Set the portfolio’s messaging limit tier GET /{phone-number-id} reports for every number (TIER_1K at start)',
        body: tierBodySchema,
        response: { 200: tierBodySchema },
      },
    },
    async (request) => {
      phoneNumbers.setTier(request.body.tier);
      return { tier: request.body.tier };
    },
  );

  app.get(
    '/sandbox/control/sends',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'The sends the sandbox accepted since the last reset, per recipient wa_id and per Unix second',
        response: { 200: sendCountsSchema },
      },
    },
    async () => sends.counts(),
  );

  app.delete(
    '/sandbox/control/sends',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['Sandbox'], summary: 'Reset the counts of accepted sends', response: { 200: successResponseSchema } },
    },
    async () => {
      sends.reset();
      return { success: true as const };
    },
  );
};
