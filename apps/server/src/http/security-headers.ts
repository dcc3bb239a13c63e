import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The console's Content-Security-Policy: scripts, styles and connections from its own origin only (the socket too,
 * spelt out for browsers whose 'self' does not cover ws:), never framed. Images may also come from any https host
 * (an admin's logo URL in the branding settings) and from data:/blob: (previews of a file before it is sent).
 */
export function consoleCsp(publicUrl: string): Record<string, string[]> {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", socketOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(origin.protocol === 'https:' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The API docs page (Swagger UI) sets one inline style; it shows no user content, so only its styles are relaxed. */
export function docsCspHeader(publicUrl: string): string {
  const directives = { ...consoleCsp(publicUrl), 'style-src': ["'self'", "'unsafe-inline'"] };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Security headers on every answer; routes serving untrusted files set their own, stricter CSP on top. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: consoleCsp(publicUrl) },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
}
