import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

function fieldName(path: string | undefined): string {
  return (path ?? '').replace(/^\//, '').replace(/\//g, '.');
}

/**
 * PostgreSQL refusing a value a person typed, whichever route let it through: text holding U+0000, which neither text
 * nor jsonb can store, or a number beyond its column. The transaction rolled back, so nothing was written.
 */
const refusedValues: Record<string, string> = {
  '22P05': 'Text must not contain NUL (\\u0000) characters',
  '22021': 'Text must not contain NUL (\\u0000) characters',
  '22003': 'A number is too large',
};

function databaseRefusal(err: unknown): string | null {
  for (let e = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && refusedValues[code]) return refusedValues[code];
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      const body: Record<string, unknown> = { error: err.message, code: err.code, ...err.extra };
      if (err.details !== undefined) body.details = err.details;
      if (err.status === 429 && err.extra?.retryAfter !== undefined) reply.header('retry-after', String(err.extra.retryAfter));
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: fieldName(v.instancePath) || (v.params as { issue?: { path?: string[] } })?.issue?.path?.join('.') || '',
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
      const message = first ? (first.field ? `${first.message} (${where} ${first.field})` : first.message) : 'Invalid request';
      return reply.status(400).send({ error: message, code: 'VALIDATION_ERROR', details: issues });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: err.message, code: 'RATE_LIMIT_EXCEEDED' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      return reply.status(status).send({ error: err.message, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR' });
    }
    const refusal = databaseRefusal(err);
    if (refusal) return reply.status(400).send({ error: refusal, code: 'VALIDATION_ERROR' });
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
  });
}
