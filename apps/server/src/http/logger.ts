import type { FastifyServerOptions } from 'fastify';

const secretKeys = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'licenseKey',
  'hmacSecret',
  'apiKey',
  'appSecret',
];
const secretHeaders = ['.authorization', '["x-api-key"]', '.cookie'];
/** pino wildcards match one level each, so every depth a logged object plausibly has is listed. */
const depths = ['', '*.', '*.*.', '*.*.*.'];

/** Paths that may hold secrets; pino replaces them before anything is written. */
export const redactedPaths = [
  ...depths.flatMap((prefix) => secretKeys.map((key) => `${prefix}${key}`)),
  ...depths.slice(0, 3).flatMap((prefix) => secretHeaders.map((header) => `${prefix}headers${header}`)),
];

const SECRET_QUERY_PARAMS = /([?&](token|key|signature|hub\.verify_token|hub%2Everify_token)=)[^&]+/gi;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // Query strings can carry reset or verification tokens, Meta's verify token and media links' signatures.
      req: (req) => ({ method: req.method, url: req.url.replace(SECRET_QUERY_PARAMS, '$1[redacted]'), ip: req.ip }),
    },
  };
}
