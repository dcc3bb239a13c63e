import { idParamsSchema } from '@wac/contract/common';
import { errorBodySchema } from '@wac/contract/errors';
import { mediaFileQuerySchema, mediaListQuerySchema, mediaListResponseSchema } from '@wac/contract/media-library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../http/file-response.ts';
import { mediaAnswerHeaders } from '../../storage/served-media.ts';
import type { MediaService } from './media-library.service.ts';

const tags = ['Media'];

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.get(
    '/api/media',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Media sent and received, newest first',
        querystring: mediaListQuerySchema,
        response: { 200: mediaListResponseSchema },
      },
    },
    (request) => media.list(request.query),
  );

  app.get(
    '/api/media/:id/file',
    {
      onRequest: mediaAnswerHeaders,
      schema: {
        tags,
        summary: 'A stored file, through the signed link the API hands out',
        security: [],
        params: idParamsSchema,
        querystring: mediaFileQuerySchema,
        response: { 200: z.any(), 206: z.any(), 403: errorBodySchema, 404: errorBodySchema, 416: z.any() },
      },
    },
    async (request, reply) => {
      const { expires, signature, download } = request.query;
      const file = await media.file({
        id: request.params.id,
        expires,
        signature,
        range: request.headers.range,
        download: download === '1',
      });
      const secondsLeft = Math.max(0, Math.floor((file.expires - Date.now()) / 1000));
      reply.header('accept-ranges', 'bytes').header('cache-control', `private, max-age=${secondsLeft}`);
      if (file.range === 'unsatisfiable' || !file.stream) {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      reply.type(file.servedAs.contentType).header('content-disposition', contentDisposition(file.servedAs.disposition, file.filename));
      if (file.range) {
        const { start, end } = file.range;
        reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${file.size}`)
          .header('content-length', end - start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(file.stream);
    },
  );
};
