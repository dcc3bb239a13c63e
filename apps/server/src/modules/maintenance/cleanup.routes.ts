import {
  archiveSchema,
  cleanupConflictSchema,
  cleanupPreviewSchema,
  cleanupStatusSchema,
  cleanupStopSchema,
  databaseCleanupPreviewQuerySchema,
  databaseCleanupRequestSchema,
  maintenanceRunSchema,
  retentionPolicySchema,
  storageCleanupPreviewQuerySchema,
  storageCleanupRequestSchema,
} from '@wac/contract/cleanup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { currentUser } from '../../http/auth-guard.ts';
import { contentDisposition } from '../../http/file-response.ts';
import { refusals } from '../../http/route-config.ts';
import type { ActivityService } from '../activities/index.ts';
import { listArchives, openArchive } from './cleanup-archives.ts';
import type { DatabaseCleanup } from './database-cleanup.service.ts';
import { describePolicy, readRetentionPolicy, saveRetentionPolicy } from './retention.ts';
import type { StorageCleanup } from './storage-cleanup.service.ts';

const tags = ['Maintenance'];

export interface CleanupRoutesOptions {
  databaseCleanup: DatabaseCleanup;
  storageCleanup: StorageCleanup;
  dataDir: string;
  db: Db;
  activities: Pick<ActivityService, 'record'>;
}

/** Spec 7 "Licence and cleanup": storage and database cleanups and the database cleanup's archives. Admins only. */
export const cleanupRoutes: FastifyPluginAsyncZod<CleanupRoutesOptions> = async (
  app,
  { databaseCleanup, storageCleanup, dataDir, db, activities },
) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/api/storage/cleanup/preview',
    { schema: { tags, querystring: storageCleanupPreviewQuerySchema, response: { 200: cleanupPreviewSchema, ...refusals } } },
    (request) => storageCleanup.preview(request.query.days, request.query.directories),
  );
  app.post(
    '/api/storage/cleanup',
    {
      schema: { tags, body: storageCleanupRequestSchema, response: { 202: maintenanceRunSchema, ...refusals, 409: cleanupConflictSchema } },
    },
    async (request, reply) => reply.code(202).send(await storageCleanup.start(currentUser(request).id, request.body)),
  );
  app.get('/api/storage/cleanup/status', { schema: { tags, response: { 200: cleanupStatusSchema } } }, () => storageCleanup.status());
  app.post('/api/storage/cleanup/stop', { schema: { tags, response: { 200: cleanupStopSchema } } }, () => storageCleanup.stop());

  app.get(
    '/api/database/cleanup/preview',
    { schema: { tags, querystring: databaseCleanupPreviewQuerySchema, response: { 200: cleanupPreviewSchema, ...refusals } } },
    (request) => databaseCleanup.preview(request.query.days, request.query.collections, request.query.criteria),
  );
  app.post(
    '/api/database/cleanup',
    {
      schema: {
        tags,
        body: databaseCleanupRequestSchema,
        response: { 202: maintenanceRunSchema, ...refusals, 409: cleanupConflictSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await databaseCleanup.start(currentUser(request).id, request.body)),
  );
  app.get('/api/database/cleanup/status', { schema: { tags, response: { 200: cleanupStatusSchema } } }, () => databaseCleanup.status());
  app.post('/api/database/cleanup/stop', { schema: { tags, response: { 200: cleanupStopSchema } } }, () => databaseCleanup.stop());

  app.get('/api/database/archives', { schema: { tags, response: { 200: z.object({ archives: z.array(archiveSchema) }) } } }, async () => ({
    archives: await listArchives(dataDir),
  }));
  app.get('/api/database/archives/:name', { schema: { tags, params: z.object({ name: z.string().max(200) }) } }, async (request, reply) => {
    const archive = await openArchive(dataDir, request.params.name);
    if (!archive) throw notFound(`No archive is called ${request.params.name}`);
    return reply
      .type('application/gzip')
      .header('content-length', archive.bytes)
      .header('content-disposition', contentDisposition('attachment', request.params.name))
      .send(archive.stream);
  });

  app.get('/api/maintenance/retention', { schema: { tags, response: { 200: retentionPolicySchema } } }, () => readRetentionPolicy(db));
  app.put(
    '/api/maintenance/retention',
    { schema: { tags, body: retentionPolicySchema, response: { 200: retentionPolicySchema, ...refusals } } },
    async (request) => {
      const user = currentUser(request);
      const saved = await saveRetentionPolicy(db, request.body, user.id);
      await activities.record({
        type: 'retention_policy_updated',
        sourceType: 'user',
        userId: user.id,
        data: { details: describePolicy(saved) },
      });
      return saved;
    },
  );
};
