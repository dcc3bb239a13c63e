import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Replies with an error body shaped exactly like Meta's, so the client parses sandbox and Graph alike. */
export function sendGraphError(
  reply: FastifyReply,
  httpStatus: number,
  code: number,
  message: string,
  details?: string,
  type = 'OAuthException',
) {
  return reply.status(httpStatus).send({
    error: {
      message,
      type,
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}
