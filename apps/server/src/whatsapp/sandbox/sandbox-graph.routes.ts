import { randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { createFailNextQueue, type FailNextQueue } from './fail-next.ts';
import { sendGraphError } from './graph-error.ts';
import { createSandboxMediaStore, type SandboxMediaStore } from './media-store.ts';
import { validateMessage } from './message-validation.ts';

const VERSION_PATTERN = /^v\d+\.\d+$/;
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const MEDIA_TYPES = new Set<string>(['image', 'video', 'audio', 'document']);

const failNextBody = z.object({
  code: z.number().int().positive(),
  httpStatus: z.number().int().min(400).max(599),
  count: z.number().int().min(0).max(1000).default(1),
  message: z.string().max(500).optional(),
  details: z.string().max(1000).optional(),
});

function tokenMatches(header: string | undefined, expected: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** A test double of the Graph API endpoints the client uses; mounted only in sandbox mode. */
export const sandboxGraphRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { whatsapp } = ctx.config;
  if (!whatsapp.sandbox) return;
  const failNext = createFailNextQueue();
  const media = createSandboxMediaStore(ctx.config.dataDir);

  app.post('/sandbox/control/fail-next', { schema: { tags: ['Sandbox'], body: failNextBody, security: [] } }, async (request) => {
    const { count, ...failure } = request.body;
    failNext.set(failure, count);
    return { queued: count };
  });

  await app.register(
    async (graph) => registerGraph(graph, { accessToken: whatsapp.accessToken, phoneNumberId: whatsapp.phoneNumberId, failNext, media }),
    {
      prefix: '/sandbox/graph',
    },
  );
};

interface GraphDeps {
  accessToken: string;
  phoneNumberId: string;
  failNext: FailNextQueue;
  media: SandboxMediaStore;
}

async function registerGraph(graph: FastifyInstance, { accessToken, phoneNumberId, failNext, media }: GraphDeps) {
  if (!graph.hasContentTypeParser('multipart/form-data')) {
    await graph.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  }

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
    if (id !== undefined && id !== phoneNumberId) {
      return sendGraphError(
        reply,
        400,
        100,
        `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        undefined,
        'GraphMethodException',
      );
    }
    return undefined;
  };

  graph.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', async (request, reply) => {
    const bad = checkPath(request.params.version, request.params.phoneNumberId, reply);
    if (bad) return bad;
    const message = validateMessage(request.body);
    if (!message.ok) return sendGraphError(reply, 400, 100, message.message, message.details);
    if (message.kind === 'read') return { success: true };

    const failure = failNext.take();
    if (failure) {
      return sendGraphError(
        reply,
        failure.httpStatus,
        failure.code,
        failure.message ?? `(#${failure.code}) Sandbox failure`,
        failure.details,
      );
    }
    if (MEDIA_TYPES.has(message.type)) {
      const id = (message.payload[message.type] as { id: string }).id;
      if (!(await media.find(id))) return sendGraphError(reply, 400, 100, '(#100) Invalid parameter', `Media id ${id} was not found.`);
    }
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: message.to.replace(/^\+/, '') }],
      messages: [{ id: `wamid.${randomBytes(24).toString('base64url')}` }],
    };
  });

  graph.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/media', async (request, reply) => {
    const bad = checkPath(request.params.version, request.params.phoneNumberId, reply);
    if (bad) return bad;
    if (!request.isMultipart())
      return sendGraphError(reply, 400, 100, '(#100) Invalid parameter', 'The upload must be multipart/form-data.');
    const fields: Record<string, string> = Object.create(null);
    let file: { buffer: Buffer; mimeType: string; filename: string } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { buffer: await part.toBuffer(), mimeType: part.mimetype, filename: part.filename };
      else fields[part.fieldname] = String(part.value);
    }
    if (fields.messaging_product !== 'whatsapp')
      return sendGraphError(reply, 400, 100, '(#100) The parameter messaging_product is required.');
    if (!file || file.buffer.length === 0) return sendGraphError(reply, 400, 100, '(#100) The parameter file is required.');
    const stored = await media.save(file.buffer, fields.type || file.mimeType, file.filename);
    return { id: stored.id };
  });

  graph.get<{ Params: { version: string; mediaId: string } }>('/:version/:mediaId', async (request, reply) => {
    const bad = checkPath(request.params.version, undefined, reply);
    if (bad) return bad;
    const found = await media.find(request.params.mediaId);
    if (!found) {
      return sendGraphError(
        reply,
        400,
        100,
        `Unsupported get request. Object with ID '${request.params.mediaId}' does not exist.`,
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

  graph.get<{ Querystring: { mid?: string } }>('/whatsapp_business/attachments/', async (request, reply) => {
    const found = request.query.mid ? await media.find(request.query.mid) : undefined;
    if (!found) return sendGraphError(reply, 404, 100, 'Media not found');
    return reply
      .header('content-type', found.mimeType)
      .header('content-length', found.fileSize)
      .send(await media.read(found.id));
  });
}
