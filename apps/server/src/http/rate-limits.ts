import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many requests.'): AppError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    'RATE_LIMIT_EXCEEDED',
    `${message} Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
    429,
    undefined,
    { retryAfter: wait },
  );
}

/**
 * Per-address limits for the routes anyone can call; each route names its own budget with `perAddress`. The counts
 * live in each server process's memory: several processes each allow the limit.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
}

/** Route options: at most `max` requests per client address in `windowMs`; 429 with Retry-After beyond. */
export function perAddress(max: number, windowMs: number) {
  return { config: { rateLimit: { max, timeWindow: windowMs } } };
}

/** Route options, after an auth guard: at most `max` requests per signed-in user in `windowMs`; 429 with Retry-After beyond. */
export function perUser(max: number, windowMs: number) {
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: windowMs,
        keyGenerator: (request: FastifyRequest) => (request.auth ? `user:${request.auth.user.id}` : `address:${request.ip}`),
      },
    },
  };
}
