import type { User } from '@wac/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: User; sessionId: number; token: string } | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export type Authenticate = (token: string) => Promise<{ user: User; sessionId: number } | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Signed-in user of a guarded route; the guard has already refused anyone else. */
export function currentUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export function registerAuthGuards(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('auth', null);
  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const found = await authenticate(token);
    if (!found) throw unauthorized('Session expired or invalid. Please sign in again.');
    request.auth = { ...found, token };
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.auth?.user.role !== 'admin') throw forbidden('This action requires the admin role');
  });
}

/** Where a request came from, as activities and sign-in throttling record it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}
