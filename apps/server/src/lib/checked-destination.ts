/**
 * Where the server may send an HTTP request to a URL that somebody typed (a bot flow's HTTP action, an outbound
 * webhook), and how it connects there without a second DNS answer.
 *
 * - The host is resolved once (dns.lookup, every address). Unless an admin allowed the host in Settings, any address
 *   that is not public (private, loopback, link-local such as the cloud metadata endpoint, unique-local, CGNAT,
 *   multicast, ...: public-address.ts) refuses the request. The connection then goes to the addresses that were
 *   checked (pinnedLookup), never to a second lookup, so a DNS answer that changes in between (DNS rebinding) cannot
 *   reach an address that was not checked.
 * - An allowed host is written `api.example.com` (any port) or `api.example.com:8443` (that port only), compared
 *   without case; `[::1]:8080` for IPv6.
 */
import dns from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { addressKind, describeAddressKind } from './public-address.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface DestinationOptions {
  /** Hosts an admin allowed to have non-public addresses; read on every check, so a change applies at once. */
  allowedHosts: () => Promise<string[]> | string[];
  /** Every address of a hostname. dns.lookup by default; tests answer made-up names with it. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/** Why a destination is refused or cannot be reached, in a sentence the person who typed the URL can act on. */
export class DestinationRefused extends Error {}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> => dns.lookup(hostname, { all: true, verbatim: true });

export const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

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

/** Allowed hosts that cannot be read count as none: the check then refuses rather than lets through. */
async function readAllowedHosts(options: DestinationOptions): Promise<unknown> {
  try {
    return await options.allowedHosts();
  } catch {
    return [];
  }
}

async function resolveHost(hostname: string, resolve: NonNullable<DestinationOptions['resolve']>): Promise<ResolvedAddress[]> {
  const family = net.isIP(hostname);
  if (family) return [{ address: hostname, family }];
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAI_AGAIN') throw new DestinationRefused(`The host ${hostname} could not be looked up (DNS did not answer)`);
    throw new DestinationRefused(`The host ${hostname} could not be found`);
  }
  const usable = Array.isArray(addresses) ? addresses.filter((a) => net.isIP(a?.address) !== 0) : [];
  if (usable.length === 0) throw new DestinationRefused(`The host ${hostname} could not be found`);
  return usable.map((a) => ({ address: a.address, family: net.isIP(a.address) }));
}

function refuseNonPublic(hostname: string, addresses: ResolvedAddress[]): void {
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (kind === 'public') continue;
    const what = describeAddressKind(kind);
    throw new DestinationRefused(
      address === hostname
        ? `The address ${address} is ${what}; an admin can allow the host in Settings`
        : `The host ${hostname} has the address ${address}, which is ${what}; an admin can allow the host in Settings`,
    );
  }
}

/** A promise that rejects as soon as the signal aborts (a DNS lookup cannot be cancelled, only stopped waiting for). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
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

/**
 * The addresses an http(s) URL may be reached at, checked as the file's comment says; throws DestinationRefused
 * when the host cannot be found or has an address that is not public and is not allowed.
 */
export async function checkDestination(url: URL, options: DestinationOptions, signal?: AbortSignal): Promise<ResolvedAddress[]> {
  const hostname = stripBrackets(url.hostname);
  const allowed = isAllowed(url, await readAllowedHosts(options));
  const addresses = await abortable(resolveHost(hostname, options.resolve ?? systemResolve), signal);
  if (!allowed) refuseNonPublic(hostname, addresses);
  return addresses;
}

/**
 * A `lookup` for http.request that answers the addresses checked above instead of asking DNS again; with
 * autoSelectFamily Node asks for all of them.
 */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, opts: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    const wanted = opts.family === 4 || opts.family === 6 ? addresses.filter((a) => a.family === opts.family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    if (opts.all) callback(null, list);
    else callback(null, list[0]?.address, list[0]?.family);
  }) as unknown as LookupFunction;
}

/** Why a request to `url` got no answer, in a sentence for the person who typed the URL. */
export function describeRequestError(error: unknown, url: string): string {
  if (error instanceof DestinationRefused) return error.message;
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '');
  const host = URL.canParse(url) ? new URL(url).host : 'the server';
  if (code === 'ECONNREFUSED') return `The server at ${host} refused the connection`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `The server at ${host} closed the connection before answering`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `The server at ${host} cannot be reached from here`;
  if (code.startsWith('HPE_')) return `The server at ${host} did not answer in HTTP`;
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL'))
    return `The secure connection to ${host} failed: ${(error as Error).message}`;
  return `The call to ${host} failed: ${error instanceof Error ? error.message : String(error)}`;
}
