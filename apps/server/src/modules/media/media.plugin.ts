import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createMediaService } from '../messaging/media-library.service.ts';
import { mediaRoutes } from './media.routes.ts';

/** The media library and the files behind it. */
export const mediaPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(mediaRoutes, { media: createMediaService(ctx.database.db, ctx.media.storage, ctx.media.links) });
};
