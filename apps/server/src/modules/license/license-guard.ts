import { QUOTA_WARNING_HEADER } from '@wac/contract/license-errors';
import type { FeatureKey, QuotaType } from '@wac/contract/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { LicenseService } from './license.service.ts';

/** What a route declares about the licence, in its `config`: `{ licence: { feature: 'templates', quota: 'campaigns' } }`. */
export interface RouteLicense {
  /** The plan must include it, else FEATURE_NOT_AVAILABLE (whatever the method). */
  feature?: FeatureKey;
  /** The quota a successful write of this route uses: from 80% the answer carries the X-Quota-Warning header. */
  quota?: QuotaType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    license?: RouteLicense;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that stay open when an expired, invalid or suspended licence blocks changes: signing in and
 * out and recovering a password, the licence screen that fixes it, marking notifications read (part
 * of reading), deliveries from Meta (refusing them would lose customers' messages), and storage and database
 * maintenance (spec 7 "Licence and cleanup": freeing space is how an install over its storage gets back under it),
 * and erasing a customer on request (the law asks it whatever the licence).
 */
const OPEN_WHEN_BLOCKED = new Set([
  '/api/login',
  '/api/logout',
  '/api/validate-token',
  '/api/change-password',
  '/api/activities/mark-read',
  '/api/webhooks/whatsapp',
]);
const OPEN_PREFIXES = ['/api/auth/', '/api/license/', '/api/storage/', '/api/database/', '/api/maintenance/', '/api/privacy/'];

function openWhenBlocked(url: string): boolean {
  return OPEN_WHEN_BLOCKED.has(url) || OPEN_PREFIXES.some((prefix) => url.startsWith(prefix));
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The one place the licence reaches HTTP: every API route registered after this gets, after its own
 * auth checks, the write block and its declared feature gate; routes declaring a quota get the warning header.
 * Quotas themselves are checked by the services, inside the transaction that uses them.
 */
export function registerLicenseGuard(app: FastifyInstance, license: LicenseService): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const declared = route.config?.license;
    const blocksWrites = asArray(route.method).some((m) => WRITES.has(m)) && !openWhenBlocked(route.url);

    if (blocksWrites || declared?.feature) {
      const guard = async (request: FastifyRequest) => {
        if (blocksWrites && WRITES.has(request.method)) await license.assertActive();
        if (declared?.feature) await license.requireFeature(declared.feature);
      };
      route.preHandler = [...asArray(route.preHandler), guard as preHandlerHookHandler];
    }

    const quota = declared?.quota;
    if (quota) {
      const warn = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (WRITES.has(request.method) && reply.statusCode < 300) {
          const warning = await license.quotaWarning(quota);
          if (warning) reply.header(QUOTA_WARNING_HEADER, JSON.stringify(warning));
        }
        return payload;
      };
      route.onSend = [...asArray(route.onSend), warn as onSendHookHandler];
    }
  });
}
