/**
 * The HTTP call of a flow's http_request action, made safe to run with URLs that flow designers type.
 *
 * - Only http and https, only the methods the builder offers; a URL with anything else is refused.
 * - Only public addresses, unless an admin allowed the host in Settings, and the connection goes to the addresses
 *   checked (lib/checked-destination.ts: no DNS rebinding).
 * - timeoutMs bounds the whole call (lookup, connection, answer); answers over 1 MB are refused; redirects are not
 *   followed (a 3xx is reported, with where it pointed).
 * - A 2xx answer is `{ ok: true, status, body }`, the body parsed as JSON when it is JSON, else its text. Anything
 *   else is `{ ok: false, error, status? }` with a sentence a flow designer can act on. The caller never throws.
 */
import http from 'node:http';
import { flowLimits, httpMethods } from '@wac/contract/flows';
import { checkDestination, type DestinationOptions, describeRequestError, type ResolvedAddress } from '../../lib/checked-destination.ts';
import { requestPinned } from '../../lib/pinned-request.ts';
import type { HttpActionRequest, HttpActionResult } from './flow-engine.types.ts';

export const maxResponseBytes = 1_048_576;

export type HttpCallerOptions = DestinationOptions;

/** Headers that describe the connection or the message framing: Node sets them, a flow must not. */
const connectionHeaders = new Set([
  'connection',
  'content-length',
  'expect',
  'host',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** A failure with the sentence the flow gets in `http_error`. */
class CallFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function checkedHeaders(request: HttpActionRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const given = typeof request.headers === 'object' && request.headers !== null ? request.headers : {};
  for (const [name, raw] of Object.entries(given)) {
    const value = String(raw);
    if (connectionHeaders.has(name.trim().toLowerCase())) continue;
    try {
      http.validateHeaderName(name.trim());
    } catch {
      throw new CallFailure(`The header name "${name}" is not valid in HTTP`);
    }
    try {
      http.validateHeaderValue(name.trim(), value);
    } catch {
      throw new CallFailure(`The header ${name} holds characters HTTP headers cannot carry (line breaks or characters beyond Latin-1)`);
    }
    headers[name.trim().toLowerCase()] = value;
  }
  return headers;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failureOf(error: unknown, url: string): CallFailure {
  if (error instanceof CallFailure) return error;
  return new CallFailure(describeRequestError(error, url));
}

/** Sends the request to the checked addresses and reads the answer, within the call's signal. */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  addresses: ResolvedAddress[],
  signal: AbortSignal,
): Promise<HttpActionResult> {
  return new Promise((resolve, reject) => {
    const requestHeaders: Record<string, string> = {
      'user-agent': 'WhatsApp-Agent-Chat-Flow/1',
      accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
      ...headers,
    };
    if (body !== undefined) {
      requestHeaders['content-type'] ??= isJson(body) ? 'application/json' : 'text/plain; charset=utf-8';
      requestHeaders['content-length'] = String(Buffer.byteLength(body));
    }
    const req = requestPinned(url, addresses, { method, headers: requestHeaders, signal });
    req.on('error', reject);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxResponseBytes) {
        res.destroy();
        return reject(new CallFailure('The answer is larger than 1 MB', status));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxResponseBytes) {
          res.destroy();
          reject(new CallFailure('The answer is larger than 1 MB', status));
        } else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('close', () => {
        if (!res.complete)
          reject(new CallFailure(`The server at ${url.host} closed the connection before the answer was complete`, status));
      });
      res.on('end', () => {
        const answer = parseBody(Buffer.concat(chunks).toString('utf8'));
        const statusText = `${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
        if (status >= 200 && status < 300) resolve({ ok: true, status, body: answer });
        else if (status >= 300 && status < 400) {
          const location = res.headers.location;
          const where = location ? `a redirect to ${location}, which is not followed` : 'a redirect, which is not followed';
          resolve({ ok: false, status, error: `The server answered ${statusText} (${where})` });
        } else resolve({ ok: false, status, error: `The server answered ${statusText}` });
      });
    });
    req.end(body);
  });
}

async function call(request: HttpActionRequest, options: HttpCallerOptions, signal: AbortSignal): Promise<HttpActionResult> {
  const method = String(request.method ?? 'GET')
    .trim()
    .toUpperCase();
  if (!(httpMethods as readonly string[]).includes(method))
    throw new CallFailure(`The method ${method || '(none)'} is not supported; use ${httpMethods.join(', ')}`);
  let url: URL;
  try {
    url = new URL(String(request.url ?? '').trim());
  } catch {
    throw new CallFailure(`"${String(request.url ?? '').slice(0, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CallFailure(`Only http and https addresses can be called, not ${url.protocol.replace(/:$/, '')}`);
  const headers = checkedHeaders(request);
  const addresses = await checkDestination(url, options, signal);
  const body = method === 'GET' || typeof request.body !== 'string' ? undefined : request.body;
  return send(url, method, headers, body, addresses, signal);
}

/** The function the flow engine calls for HTTP actions (EngineDeps.callHttp). */
export function createHttpCaller(options: HttpCallerOptions): (request: HttpActionRequest) => Promise<HttpActionResult> {
  return async (request) => {
    const given = Number(request?.timeoutMs);
    const timeoutMs = Number.isFinite(given) ? Math.min(Math.max(Math.round(given), 1), flowLimits.httpTimeoutMs) : 5_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new CallFailure(`No answer within ${timeoutMs} ms`)), timeoutMs);
    try {
      return await call(request, options, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return { ok: false, error: `No answer within ${timeoutMs} ms` };
      const failure = failureOf(error, String(request?.url));
      return failure.status === undefined
        ? { ok: false, error: failure.message }
        : { ok: false, error: failure.message, status: failure.status };
    } finally {
      clearTimeout(timer);
    }
  };
}
