import type { FastifyInstance } from 'fastify';
import type { MessagePrices } from './message-prices.ts';
import { pricingRoutes } from './pricing.routes.ts';

export async function registerPricing(app: FastifyInstance, deps: { prices: MessagePrices }): Promise<void> {
  await app.register(pricingRoutes, deps);
}
