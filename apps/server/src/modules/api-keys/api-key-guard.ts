import { API_KEY_HEADER, type ApiKeyScope } from '@wac/contract/api-keys';
import { QUOTA_WARNING_HEADER } from '@wac/contract/license-errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/app-error.ts';
import { bearerToken } from '../../http/auth-guard.ts';
import { tooManyRequests } from '../../http/rate-limits.ts';
import type { LicenseService } from '../license/index.ts';
import type { ApiCallLog } from './api-call-log.ts';
import type { ApiCallQuota } from './api-call-quota.ts';
import type { ApiKeyAccess } from './api-key-access.ts';

export interface ApiKeyCaller {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireApiKey on key-authenticated calls. */
    apiKey: ApiKeyCaller | null;
    /** What a key-authenticated route reports for its usage log line: the message it stored, and whether it was a replay. */
    apiCallLog: { messageId: number | null; replayed: boolean };
  }
  interface FastifyInstance {
    /**
     * onRequest/preHandler hook: X-API-Key only (a bearer token is refused 401 with a message saying this endpoint takes
     * X-API-Key), key valid (not unknown/revoked/expired: 401; IP outside allowedIps: 403; scope missing: 403
     * INSUFFICIENT_PERMISSIONS naming the scope), licence feature apiAccess (FEATURE_NOT_AVAILABLE), per-key rate limit
     * (429 RATE_LIMIT_EXCEEDED with Retry-After), daily api_calls quota (license.consumeApiCalls: 402 QUOTA_EXCEEDED at
     * 100%, QUOTA_WARNING header from 80% like the licence guard's warning header). Before any of it, each address may
     * make RATE_LIMIT_API_SENDS calls a minute (429 with Retry-After), so unknown keys cannot cost a lookup each without
     * bound. Every call that presented a known key is logged, refused ones bounded per key, address and reason
     * (api-call-log.ts).
     *
     * Use it as the route's `onRequest`, not `preHandler`: onRequest runs before the body is parsed and validated, so a
     * caller without a valid key never has a body (or an upload) read, and a 400 for bad input is logged against the key.
     */
    requireApiKey: (scope: ApiKeyScope) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** For POST /api/send-template, which the console also calls with a bearer token: a bearer token runs requireUser; otherwise as requireApiKey(scope). */
    requireUserOrApiKey: (scope: ApiKeyScope) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface ApiKeyGuardDeps {
  /** The api-keys module's rules: which key a secret is, and whether it may make this call. */
  keys: Pick<ApiKeyAccess, 'identify' | 'admit' | 'throttle'>;
  license: Pick<LicenseService, 'requireFeature'>;
  /** The daily api_calls quota (license.consumeApiCalls, concurrent calls counted together). */
  quota: Pick<ApiCallQuota, 'take'>;
  usage: Pick<ApiCallLog, 'record'>;
  /** Calls per address and minute, counted before the key is looked up. */
  callsPerAddress: number;
}

/** A call made with a known key, to be logged when its answer is sent. */
interface PendingCall {
  keyId: number;
  errorCode: string | null;
  /** performance.now() when the key was known, for a call whose answer never went out. */
  startedAt: number;
  /** Turned away by the key's rules (state, address, scope, licence, rate limit, quota): logged bounded. */
  refused: boolean;
}

/** The `code` of an error answer (`{ error, code }`, the licence error payload): JSON from the error handler. */
function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const code = (JSON.parse(payload) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/**
 * The X-API-Key guard of the key-authenticated routes, and their usage log: a call is pushed to the log's buffer when
 * its answer has gone out, with the error code of an error answer read back from the body the error handler wrote.
 */
export function registerApiKeyGuard(app: FastifyInstance, { keys, license, quota, usage, callsPerAddress }: ApiKeyGuardDeps): void {
  app.decorateRequest('apiKey', null);
  // Each guarded request gets its own object (a decorator's value would be shared by all).
  app.decorateRequest('apiCallLog', null as unknown as FastifyRequest['apiCallLog']);
  const pending = new WeakMap<FastifyRequest, PendingCall>();
  const addressLimit = app.createRateLimit({ max: callsPerAddress, timeWindow: 60_000 });

  async function limitAddress(request: FastifyRequest): Promise<void> {
    request.apiCallLog = { messageId: null, replayed: false };
    const limit = await addressLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests(limit.ttlInSeconds, `This address may make ${callsPerAddress} calls a minute to the send endpoints.`);
    }
  }

  async function authenticate(request: FastifyRequest, reply: FastifyReply, scope: ApiKeyScope, orBearer: boolean): Promise<void> {
    await limitAddress(request);
    const secret = request.headers[API_KEY_HEADER];
    if (typeof secret !== 'string' || secret === '') {
      if (bearerToken(request)) throw unauthorized('This endpoint takes an API key in the X-API-Key header, not a bearer token');
      throw unauthorized(`Authentication required: ${orBearer ? 'a bearer token or ' : ''}an API key in the X-API-Key header`);
    }
    const key = await keys.identify(secret);
    if (!key) throw unauthorized('Invalid API key');
    const call: PendingCall = { keyId: key.id, errorCode: null, startedAt: performance.now(), refused: true };
    pending.set(request, call);
    keys.admit(key, request.ip, scope);
    await license.requireFeature('apiAccess');
    keys.throttle(key);
    const warning = await quota.take();
    call.refused = false;
    if (warning) reply.header(QUOTA_WARNING_HEADER, JSON.stringify(warning));
    request.apiKey = { id: key.id, name: key.name, scopes: key.scopes };
  }

  app.decorate(
    'requireApiKey',
    (scope: ApiKeyScope) => (request: FastifyRequest, reply: FastifyReply) => authenticate(request, reply, scope, false),
  );
  app.decorate('requireUserOrApiKey', (scope: ApiKeyScope) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers[API_KEY_HEADER] === undefined && bearerToken(request)) {
      await limitAddress(request);
      return app.requireUser(request);
    }
    return authenticate(request, reply, scope, true);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const call = reply.statusCode >= 400 ? pending.get(request) : undefined;
    if (call) call.errorCode = errorCodeOf(payload);
    done(null, payload);
  });
  /** Logs a key's call once, when its answer went out or its caller hung up first. */
  function logCall(request: FastifyRequest, status: number, elapsedMs: number | null, errorCode: string | null): void {
    const call = pending.get(request);
    if (!call) return;
    pending.delete(request);
    const latencyMs = elapsedMs ?? performance.now() - call.startedAt;
    usage.record(
      {
        keyId: call.keyId,
        at: new Date(Date.now() - latencyMs),
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
        status,
        latencyMs,
        ip: request.ip,
        errorCode: errorCode ?? call.errorCode,
        messageId: request.apiCallLog.messageId,
        calls: 1,
        replayed: request.apiCallLog.replayed,
      },
      call.refused,
    );
  }
  app.addHook('onResponse', (request, reply, done) => {
    logCall(request, reply.statusCode, reply.elapsedTime, null);
    done();
  });
  // A caller that hangs up before the answer gets no onResponse: its call is logged all the same, as 499 (what
  // proxies write for it), with the message it may already have sent.
  app.addHook('onRequestAbort', (request, done) => {
    logCall(request, 499, null, 'CLIENT_CLOSED_REQUEST');
    done();
  });
}
