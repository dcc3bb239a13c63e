/**
 * The HTTP call of a flow's http_request action, made safe to run with URLs that flow designers type.
 *
 * - Only http and https, only the methods the builder offers; a URL with anything else is refused.
 * - The host is resolved once (dns.lookup, every address). Unless an admin allowed the host in Settings, any address
 *   that is not public (private, loopback, link-local such as the cloud metadata endpoint, unique-local, CGNAT,
 *   multicast, ...: lib/public-address.ts) refuses the call. The connection then goes to the addresses that were
 *   checked, never to a second lookup, so a DNS answer that changes in between (DNS rebinding) cannot reach an
 *   address that was not checked.
 * - An allowed host is written `api.example.com` (any port) or `api.example.com:8443` (that port only), compared
 *   without case; `[::1]:8080` for IPv6.
 * - timeoutMs bounds the whole call (lookup, connection, answer); answers over 1 MB are refused; redirects are not
 *   followed (a 3xx is reported, with where it pointed).
 * - A 2xx answer is `{ ok: true, status, body }`, the body parsed as JSON when it is JSON, else its text. Anything
 *   else is `{ ok: false, error, status? }` with a sentence a flow designer can act on. The caller never throws.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { flowLimits, httpMethods } from '@wac/contract/flows';
import { addressKind, describeAddressKind } from '../../lib/public-address.ts';
import type { HttpActionRequest, HttpActionResult } from './flow-engine.types.ts';

export const maxResponseBytes = 1_048_576;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface HttpCallerOptions {
  /** Hosts an admin allowed to have non-public addresses; read on every call, so a change applies at once. */
  allowedHosts: () => Promise<string[]> | string[];
  /** Every address of a hostname. dns.lookup by default; tests answer made-up names with it. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

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

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> => dns.lookup(hostname, { all: true, verbatim: true });

/** A failure with the sentence the flow gets in `http_error`. */
class CallFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** A hostname as WHATWG URLs write it (lower case, IDNs in punycode, IPv4 in dotted form), without a final dot. */
function canonicalHost(host: string): string | null {
  try {
    const bare = stripBrackets(host);
    const hostname = new URL(`http://${net.isIPv6(bare) ? `[${bare}]` : bare}/`).hostname;
    return stripBrackets(hostname).replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** An allowed-hosts entry as host and optional port; a pasted URL is accepted too. */
function parseAllowedHost(entry: string): { host: string; port: string | null } | null {
  const text = entry.trim();
  if (!text) return null;
  if (text.includes('://')) {
    try {
      const url = new URL(text);
      const host = canonicalHost(url.hostname);
      return host ? { host, port: url.port || null } : null;
    } catch {
      return null;
    }
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const hostPort = /^([^:]+):(\d+)$/.exec(text);
  const [hostPart, port] = bracketed ? [bracketed[1] ?? '', bracketed[2]] : hostPort ? [hostPort[1] ?? '', hostPort[2]] : [text, undefined];
  const host = canonicalHost(hostPart);
  return host ? { host, port: port ?? null } : null;
}

function isAllowed(url: URL, allowedHosts: unknown): boolean {
  if (!Array.isArray(allowedHosts)) return false;
  const host = canonicalHost(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => {
    const allowed = typeof entry === 'string' ? parseAllowedHost(entry) : null;
    return allowed !== null && allowed.host === host && (allowed.port === null || allowed.port === port);
  });
}

async function readAllowedHosts(options: HttpCallerOptions): Promise<unknown> {
  try {
    return await options.allowedHosts();
  } catch {
    return [];
  }
}

async function resolveHost(hostname: string, resolve: NonNullable<HttpCallerOptions['resolve']>): Promise<ResolvedAddress[]> {
  const family = net.isIP(hostname);
  if (family) return [{ address: hostname, family }];
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAI_AGAIN') throw new CallFailure(`The host ${hostname} could not be looked up (DNS did not answer)`);
    throw new CallFailure(`The host ${hostname} could not be found`);
  }
  const usable = Array.isArray(addresses) ? addresses.filter((a) => net.isIP(a?.address) !== 0) : [];
  if (usable.length === 0) throw new CallFailure(`The host ${hostname} could not be found`);
  return usable.map((a) => ({ address: a.address, family: net.isIP(a.address) }));
}

function refuseNonPublic(hostname: string, addresses: ResolvedAddress[]): void {
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (kind === 'public') continue;
    const what = describeAddressKind(kind);
    throw new CallFailure(
      address === hostname
        ? `The address ${address} is ${what}; an admin can allow the host in Settings`
        : `The host ${hostname} has the address ${address}, which is ${what}; an admin can allow the host in Settings`,
    );
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
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '');
  const host = URL.canParse(url) ? new URL(url).host : 'the server';
  if (code === 'ECONNREFUSED') return new CallFailure(`The server at ${host} refused the connection`);
  if (code === 'ECONNRESET' || code === 'EPIPE') return new CallFailure(`The server at ${host} closed the connection before answering`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new CallFailure(`The server at ${host} cannot be reached from here`);
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return new CallFailure(`The server at ${host} did not answer in HTTP`);
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL'))
    return new CallFailure(`The secure connection to ${host} failed: ${(error as Error).message}`);
  return new CallFailure(`The call to ${host} failed: ${error instanceof Error ? error.message : String(error)}`);
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
    // Answers the addresses checked above instead of asking DNS again; with autoSelectFamily Node asks for all of them.
    const lookup = ((_hostname: string, opts: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
      const wanted = opts.family === 4 || opts.family === 6 ? addresses.filter((a) => a.family === opts.family) : addresses;
      const list = wanted.length > 0 ? wanted : addresses;
      if (opts.all) callback(null, list);
      else callback(null, list[0]?.address, list[0]?.family);
    }) as unknown as net.LookupFunction;
    const client = url.protocol === 'https:' ? https : http;
    const requestHeaders: Record<string, string> = {
      'user-agent': 'WhatsApp-Agent-Chat-Flow/1',
      accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
      ...headers,
    };
    if (body !== undefined) {
      requestHeaders['content-type'] ??= isJson(body) ? 'application/json' : 'text/plain; charset=utf-8';
      requestHeaders['content-length'] = String(Buffer.byteLength(body));
    }
    const req = client.request({
      protocol: url.protocol,
      hostname: stripBrackets(url.hostname),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: requestHeaders,
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      agent: false,
      lookup,
      signal,
    });
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
  const hostname = stripBrackets(url.hostname);
  const allowed = isAllowed(url, await readAllowedHosts(options));
  const addresses = await abortable(resolveHost(hostname, options.resolve ?? systemResolve), signal);
  if (!allowed) refuseNonPublic(hostname, addresses);
  const body = method === 'GET' || typeof request.body !== 'string' ? undefined : request.body;
  return send(url, method, headers, body, addresses, signal);
}

/** A promise that rejects as soon as the signal aborts (a DNS lookup cannot be cancelled, only stopped waiting for). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
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
