import { errorBodySchema } from '@wac/contract/errors';
import { WEBHOOK_PATH, webhookAckSchema, webhookVerifyQuerySchema } from '@wac/contract/whatsapp-webhook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { createFailureLimiter } from '../../http/failure-limiter.ts';
import { tooManyRequests } from '../../http/rate-limits.ts';
import { sameSecret } from '../../lib/secrets.ts';
import { verifySignature } from '../../whatsapp/webhook-signature.ts';
import { insertWebhookEvent } from './webhook-events.repository.ts';
import { recordSignatureFailure } from './webhook-health.repository.ts';

export interface WebhookRoutesOptions {
  db: Db;
  config: Pick<Config, 'whatsapp' | 'rateLimits'>;
  /** Called once an event is safely stored, to process it without waiting for the next interval. */
  onEventStored: () => void;
}

export const whatsappWebhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, { db, config, onEventStored }) => {
  const { verifyToken, appSecret } = config.whatsapp;
  const signatureFailures = createFailureLimiter({ max: config.rateLimits.webhookSignature, windowMs: 60_000 });

  // The signature covers the exact bytes Meta sent, so within this plugin JSON bodies stay raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['WhatsApp'],
        summary: 'Webhook verification handshake',
        security: [],
        querystring: webhookVerifyQuerySchema,
        response: { 200: z.string(), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q['hub.mode'] === 'subscribe' && sameSecret(q['hub.verify_token'], verifyToken)) {
        return reply.type('text/plain').send(q['hub.challenge'] ?? '');
      }
      return reply.status(403).send({ error: 'Webhook verification failed: wrong mode or verify token', code: 'FORBIDDEN' });
    },
  );

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['WhatsApp'],
        summary: 'WhatsApp events, signed with X-Hub-Signature-256',
        security: [],
        response: { 200: webhookAckSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!verifySignature(raw, typeof signature === 'string' ? signature : undefined, appSecret)) {
        // Past the limit an address is answered 429 without a log line or a database write; good signatures always pass.
        const wait = signatureFailures.fail(request.ip);
        if (wait > 0) throw tooManyRequests(wait, 'Too many webhook deliveries with a bad signature.');
        request.log.warn('whatsapp webhook refused: bad signature');
        // The refusal stands even if the health counter cannot be written.
        await recordSignatureFailure(db).catch((err) => request.log.error({ err }, 'signature failure not counted'));
        return reply.status(401).send({ error: 'Invalid webhook signature', code: 'UNAUTHORIZED' });
      }
      const payload = parseObject(raw);
      if (!payload) return reply.status(400).send({ error: 'Malformed body: expected a JSON object', code: 'VALIDATION_ERROR' });
      // Stored before answering: once Meta has its 200 it will not send this event again.
      await insertWebhookEvent(db, payload);
      onEventStored();
      return { received: true as const };
    },
  );
};

// PostgreSQL's jsonb cannot hold U+0000 nor a lone UTF-16 surrogate, both of which JSON may carry escaped:
// drop the NUL and replace the surrogate rather than answer 500 to a well-signed event forever.
const storable = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\0', '').toWellFormed() : value);
const MAY_NEED_CLEANING = /\\u(0000|[dD][89abAB])/;

function parseObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const text = raw.toString('utf8');
    const value: unknown = MAY_NEED_CLEANING.test(text) ? JSON.parse(text, storable) : JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
