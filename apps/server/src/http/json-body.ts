import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error.ts';

/**
 * The path of the first string (key or value) that is not well-formed UTF-16, that is, holds a surrogate without its
 * partner: JSON may spell one as \uD800, but neither PostgreSQL nor argon2 takes it as text.
 */
export function loneSurrogatePath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : path;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed()) return [...path, key];
    const found = loneSurrogatePath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), refusing text that is not valid Unicode with a 400
 * naming the field, before any route can pass it to PostgreSQL or argon2 and fail with a 500.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (err, parsed) => {
      if (err) return done(err);
      // Only an escape can put a surrogate into parsed JSON: UTF-8 bytes never decode to one.
      const path = /\\u[dD][89a-fA-F]/.test(body as string) ? loneSurrogatePath(parsed) : null;
      if (!path) return done(null, parsed);
      const where = path.length ? ` (body ${path.join('.')})` : '';
      done(badRequest(`Text must be valid Unicode: a lone surrogate was found${where}`));
    });
  });
}
