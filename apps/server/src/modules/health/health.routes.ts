import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, migrationsApplied } from '../../db/database.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ pool: Database['pool'] }> = async (app, { pool }) => {
  app.get('/api/health', { schema: { tags: ['System'], response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    try {
      await pool.query('SELECT 1');
    } catch {
      return reply.status(503).send({ status: 'error', database: 'down', migrations: 'unknown' });
    }
    const applied = await migrationsApplied(pool).catch(() => false);
    if (!applied) return reply.status(503).send({ status: 'error', database: 'up', migrations: 'pending' });
    return { status: 'ok' as const, database: 'up' as const, migrations: 'applied' as const };
  });
};
