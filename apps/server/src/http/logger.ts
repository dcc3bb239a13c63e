import type { FastifyServerOptions } from 'fastify';

/** Paths that may hold secrets; pino replaces them before anything is written. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.licenseKey',
  '*.hmacSecret',
  '*.apiKey',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // Query strings can carry reset or verification tokens.
      req: (req) => ({ method: req.method, url: req.url.replace(/([?&](token|key)=)[^&]+/gi, '$1[redacted]'), ip: req.ip }),
    },
  };
}
