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

/** Meta's answer to a path naming an object (a phone number, a WABA, an app, a template) that is not there or not this token's. */
export function sendUnknownObject(reply: FastifyReply, id: string) {
  return sendGraphError(
    reply,
    400,
    100,
    `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    undefined,
    'GraphMethodException',
  );
}
