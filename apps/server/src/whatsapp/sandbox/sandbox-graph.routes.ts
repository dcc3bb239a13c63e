import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../../lib/secrets.ts';
import { mediaAnswerHeaders, servedAs, sniffMediaType } from '../../storage/served-media.ts';
import type { FailNextQueue, QueuedFailure } from './fail-next.ts';
import { sendGraphError, sendUnknownObject } from './graph-error.ts';
import { receiveSandboxUpload, type SandboxMediaStore, SandboxRefusal, type StoredMedia } from './media-store.ts';
import { type ValidatedMessage, validateMessage } from './message-validation.ts';
import type { SandboxPhoneNumbers } from './phone-number.ts';
import { newWamid, type SandboxBusiness } from './webhook-payloads.ts';

const VERSION_PATTERN = /^v\d+\.\d+$/;
const MEDIA_TYPES = new Set<string>(['image', 'video', 'audio', 'document', 'sticker']);

/** The bearer token of a Graph call, compared in constant time. */
function tokenMatches(header: string | undefined, expected: string): boolean {
  return sameSecret(header?.startsWith('Bearer ') ? header.slice(7) : undefined, expected);
}

/** GET /{object-id}?fields=…: the phone number, a media file or another object (a template). */
interface GraphObjectRead {
  Params: { version: string; objectId: string };
  Querystring: { fields?: string };
}

export interface SandboxGraphOptions {
  accessToken: string;
  /** The business's numbers, and what GET /{phone-number-id} answers of each. */
  phoneNumbers: SandboxPhoneNumbers;
  failNext: FailNextQueue;
  media: SandboxMediaStore;
  /** The simulated customer's number a BSUID names; null for a BSUID the sandbox did not make. */
  phoneOfBsuid: (bsuid: string) => string | null;
  /** A send was accepted: the sandbox follows up with status webhooks (or a failed one). */
  onAccepted: (accepted: {
    wamid: string;
    /** The business number it was sent from. */
    business: SandboxBusiness;
    /** The customer's number. */
    recipientId: string;
    /** Whether the send named the customer by BSUID (`recipient`) rather than by number. */
    byBsuid: boolean;
    /** Whether it came through Meta's Marketing Messages API (/marketing_messages). */
    marketing: boolean;
    failure?: QueuedFailure;
    send: Extract<ValidatedMessage, { kind: 'send' }>;
    media?: StoredMedia;
  }) => void;
  /** The business marked a customer's message as read, showing its typing indicator when `typing`. */
  onRead: (messageId: string, typing: boolean) => void;
  /** Meta's refusal of a template send (unknown, unapproved, paused template or wrong parameters), if any. */
  templateSendError?: (payload: Record<string, unknown>) => { code: number; message: string; details: string } | undefined;
  /** Other Graph objects served by id beside media (templates). */
  findObject?: (id: string) => object | undefined;
}

/** The Graph API endpoints the client uses, imitated; registered under /sandbox/graph. */
export async function sandboxGraphRoutes(
  graph: FastifyInstance,
  { accessToken, phoneNumbers, failNext, media, phoneOfBsuid, onAccepted, onRead, templateSendError, findObject }: SandboxGraphOptions,
) {
  graph.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? 400 : 500;
    if (status === 500) graph.log.error({ err }, 'sandbox graph error');
    return sendGraphError(
      reply,
      status,
      status === 400 ? 100 : 1,
      status === 400 ? '(#100) Invalid parameter' : 'An unknown error occurred',
      err.message,
    );
  });

  graph.addHook('onRequest', async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, accessToken)) {
      return sendGraphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
  });

  const checkPath = (version: string, id: string | undefined, reply: Parameters<typeof sendGraphError>[0]) => {
    if (!VERSION_PATTERN.test(version)) return sendGraphError(reply, 400, 2500, `Unknown path components: /${version}`);
    if (id !== undefined && !phoneNumbers.find(id)) return sendUnknownObject(reply, id);
    return undefined;
  };

  // Sends, and (Meta's Marketing Messages API) marketing templates by their own path: answered alike.
  const sendRoute =
    (marketing: boolean) =>
    async (request: FastifyRequest<{ Params: { version: string; phoneNumberId: string } }>, reply: FastifyReply) => {
      const bad = checkPath(request.params.version, request.params.phoneNumberId, reply);
      if (bad) return bad;
      const message = validateMessage(request.body);
      if (!message.ok) return sendGraphError(reply, 400, 100, message.message, message.details);
      if (message.kind === 'read') {
        if (marketing)
          return sendGraphError(reply, 400, 100, '(#100) Invalid parameter', 'Only template messages go through marketing_messages.');
        onRead(message.messageId, message.typing);
        return { success: true };
      }
      if (marketing && message.type !== 'template') {
        return sendGraphError(reply, 400, 100, '(#100) Invalid parameter', 'Only template messages go through marketing_messages.');
      }

      const waId = message.to === null ? phoneOfBsuid(message.recipient as string) : message.to.replace(/^\+/, '');
      if (waId === null) {
        return sendGraphError(
          reply,
          400,
          100,
          '(#100) Invalid parameter',
          `No WhatsApp user has the business-scoped user ID ${message.recipient}.`,
        );
      }
      const refused = message.type === 'template' ? templateSendError?.(message.payload) : undefined;
      if (refused) return sendGraphError(reply, 400, refused.code, refused.message, refused.details);

      const failure = failNext.take();
      if (failure?.via === 'response') {
        return sendGraphError(
          reply,
          failure.httpStatus,
          failure.code,
          failure.message ?? `(#${failure.code}) Sandbox failure`,
          failure.details,
        );
      }
      let stored: StoredMedia | undefined;
      const part = MEDIA_TYPES.has(message.type) ? (message.payload[message.type] as { id?: string; link?: string }) : undefined;
      // A file sent by link is Meta's to fetch: the sandbox takes the link as it is.
      if (part?.id) {
        const id = part.id;
        stored = await media.find(id);
        if (!stored) return sendGraphError(reply, 400, 100, '(#100) Invalid parameter', `Media id ${id} was not found.`);
      }
      const wamid = newWamid();
      const business = phoneNumbers.find(request.params.phoneNumberId) as SandboxBusiness;
      onAccepted({ wamid, business, recipientId: waId, byBsuid: message.to === null, marketing, failure, send: message, media: stored });
      const contact = message.to === null ? { input: message.recipient, user_id: message.recipient } : { input: message.to, wa_id: waId };
      return { messaging_product: 'whatsapp', contacts: [contact], messages: [{ id: wamid }] };
    };
  graph.post('/:version/:phoneNumberId/messages', sendRoute(false));
  graph.post('/:version/:phoneNumberId/marketing_messages', sendRoute(true));

  graph.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/media', async (request, reply) => {
    const bad = checkPath(request.params.version, request.params.phoneNumberId, reply);
    if (bad) return bad;
    const { fields, file } = await receiveSandboxUpload(request, media, (form) => {
      if (form.messaging_product !== 'whatsapp') throw new SandboxRefusal(400, 'The parameter messaging_product is required.');
    });
    const stored = await media.keep(file.incoming, fields.type || file.mimeType, file.filename);
    return { id: stored.id };
  });

  graph.get<GraphObjectRead>('/:version/:objectId', async (request, reply) => {
    const bad = checkPath(request.params.version, undefined, reply);
    if (bad) return bad;
    const { objectId } = request.params;
    const number = phoneNumbers.find(objectId);
    if (number) {
      const read = phoneNumbers.read(number, request.query.fields);
      if (read.ok) return read.body;
      return sendGraphError(
        reply,
        400,
        100,
        `(#100) Tried accessing nonexisting field (${read.unknownField}) on node type (WhatsAppBusinessPhoneNumber)`,
      );
    }
    const found = await media.find(objectId);
    const other = found ? undefined : findObject?.(objectId);
    if (other) return other;
    if (!found) {
      return sendGraphError(
        reply,
        400,
        100,
        `Unsupported get request. Object with ID '${objectId}' does not exist.`,
        undefined,
        'GraphMethodException',
      );
    }
    return {
      // The sandbox serves the bytes itself, behind the same bearer token, as Meta's lookaside URLs are.
      url: `${request.protocol}://${request.host}/sandbox/graph/whatsapp_business/attachments/?mid=${found.id}`,
      mime_type: found.mimeType,
      sha256: found.sha256,
      file_size: found.fileSize,
      id: found.id,
      messaging_product: 'whatsapp',
    };
  });

  graph.get<{ Querystring: { mid?: string } }>(
    '/whatsapp_business/attachments/',
    { onRequest: mediaAnswerHeaders },
    async (request, reply) => {
      const found = request.query.mid ? await media.find(request.query.mid) : undefined;
      if (!found) return sendGraphError(reply, 404, 100, 'Media not found');
      const failure = failNext.take('media_download');
      if (failure) return sendGraphError(reply, failure.httpStatus, failure.code, failure.message ?? `(#${failure.code}) Sandbox failure`);
      // Behind the Graph token, yet served by the console's rule: nothing the sandbox hands back may render as a page.
      const served = servedAs(await sniffMediaType(media.open(found.id)));
      return reply
        .header('content-type', served.contentType)
        .header('content-disposition', served.disposition)
        .header('content-length', found.fileSize)
        .send(media.open(found.id));
    },
  );
}
