import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type ResolvedAddress, stripBrackets } from './checked-destination.ts';

export interface PinnedRequestOptions {
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/**
 * Opens a request to `url` that connects only to the addresses checkDestination resolved for it (no second lookup,
 * so no DNS rebinding), over a fresh connection: a kept-alive one could lead to an address checked earlier. The
 * URL's user and password, if any, become basic auth.
 */
export function requestPinned(url: URL, addresses: ResolvedAddress[], { method, headers, signal }: PinnedRequestOptions) {
  const client = url.protocol === 'https:' ? https : http;
  return client.request({
    protocol: url.protocol,
    hostname: stripBrackets(url.hostname),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method,
    headers,
    auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
  });
}
