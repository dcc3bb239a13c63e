import { messageRatesBodySchema, messageRatesResponseSchema } from '@wac/contract/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { MessagePrices } from './message-prices.ts';

const tags = ['Pricing'];

/** The business's message rates: everyone signed in reads them (campaign estimates); admins replace them. */
export const pricingRoutes: FastifyPluginAsyncZod<{ prices: MessagePrices }> = async (app, { prices }) => {
  app.get(
    '/api/pricing/rates',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The message rates per market and pricing category, in the app’s currency (empty until an admin enters them)',
        response: { 200: messageRatesResponseSchema },
      },
    },
    () => prices.rates(),
  );

  app.put(
    '/api/pricing/rates',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Replace the message rates (the business’s Meta rate card): per market (country code, or * for every other) and category',
        body: messageRatesBodySchema,
        response: { 200: messageRatesResponseSchema, ...refusals },
      },
    },
    (request) => prices.replace(currentUser(request), request.body.rates),
  );
};
