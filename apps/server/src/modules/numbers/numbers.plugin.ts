import type { FastifyInstance } from 'fastify';
import type { BusinessNumbers } from './business-numbers.ts';
import { numbersRoutes } from './numbers.routes.ts';

/** The numbers' routes; the service itself is built with the shared services, as every send asks it. */
export async function registerNumbers(app: FastifyInstance, deps: { numbers: BusinessNumbers }): Promise<void> {
  await app.register(numbersRoutes, deps);
  // In the background: a start never waits on Meta.
  app.addHook('onListen', async () => {
    deps.numbers.checkUnchecked().catch((err) => app.log.warn({ err }, 'could not check the WhatsApp numbers with Meta'));
  });
}
