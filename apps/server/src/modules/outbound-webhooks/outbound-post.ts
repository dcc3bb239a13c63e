import { checkDestination, type DestinationOptions, describeRequestError, type ResolvedAddress } from '../../lib/checked-destination.ts';
import { requestPinned } from '../../lib/pinned-request.ts';

/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_KEPT_CHARS = 2_000;
/** Bytes read from an answer: enough for the characters kept in any UTF-8; the rest is not waited for. */
const RESPONSE_READ_BYTES = RESPONSE_KEPT_CHARS * 4;

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** One attempt: 2xx is delivered; anything else (an answer, or none) is kept for the delivery log. */
export interface PostOutcome {
  ok: boolean;
  /** Null when no answer came (refused address, network error, timeout). */
  statusCode: number | null;
  /** The first characters of the answer, or why there was none. */
  response: string;
  durationMs: number;
}

class NoAnswer extends Error {}

function send(url: URL, request: PostRequest, addresses: ResolvedAddress[], signal: AbortSignal) {
  return new Promise<{ statusCode: number; text: string }>((resolve, reject) => {
    const req = requestPinned(url, addresses, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const statusCode = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        // Kept as PostgreSQL text, which holds no NUL and no lone surrogate (a gzip or binary answer has both).
        const text = Buffer.concat(chunks).toString('utf8').replaceAll('\0', '').toWellFormed().slice(0, RESPONSE_KEPT_CHARS);
        const location = statusCode >= 300 && statusCode < 400 ? res.headers.location : undefined;
        resolve({ statusCode, text: text || (location ? `A redirect to ${location}, which is not followed` : '') });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The status decides; a long answer is cut rather than waited for.
        if (size >= RESPONSE_READ_BYTES) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', () => done());
    });
    req.end(request.body);
  });
}

/**
 * POSTs a delivery to its URL once: the address is checked at each attempt (DNS can change after the URL was saved)
 * and connected to as checked; timeoutMs bounds the lookup, the connection and the answer; redirects are not followed.
 * Never throws.
 */
export async function postDelivery(request: PostRequest, destination: DestinationOptions): Promise<PostOutcome> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new NoAnswer(`No answer within ${request.timeoutMs} ms`)), request.timeoutMs);
  const outcome = (statusCode: number | null, response: string): PostOutcome => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    response,
    durationMs: performance.now() - started,
  });
  try {
    const url = new URL(request.url);
    const addresses = await checkDestination(url, destination, controller.signal);
    const answer = await send(url, request, addresses, controller.signal);
    return outcome(answer.statusCode, answer.text);
  } catch (error) {
    const reason = controller.signal.aborted ? (controller.signal.reason as NoAnswer).message : describeRequestError(error, request.url);
    return outcome(null, reason);
  } finally {
    clearTimeout(timer);
  }
}
