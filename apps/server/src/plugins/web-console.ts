import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built console for every path that is not the API's, and a JSON 404 for unknown API paths. */
export async function registerWebConsole(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const serveWeb = Boolean(webDistDir && existsSync(path.join(webDistDir, 'index.html')));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir as string,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      // Hashed bundles never change; index.html must always be fresh.
      setHeaders: (res, filePath) =>
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}static${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the web app; unknown API paths get a JSON 404.
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/socket.io');
    if (serveWeb && request.method === 'GET' && !isApi) return reply.sendFile('index.html');
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
