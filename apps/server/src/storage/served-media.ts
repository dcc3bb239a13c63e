import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';

/**
 * What a browser may render from our origin: the images, video and audio WhatsApp carries, as their
 * bytes show them. Never SVG, HTML, XML or PDF, which can run script or hide it.
 */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/3gpp',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/amr',
]);

export interface ServedAs {
  disposition: 'inline' | 'attachment';
  contentType: string;
}

/**
 * How to serve a file whose bytes sniffed as `sniffed` (undefined: not recognised). The type people
 * declared plays no part: a page calling itself image/png is still a page.
 */
export function servedAs(sniffed: string | undefined, download = false): ServedAs {
  const base = sniffed?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!sniffed || !INLINE_TYPES.has(base)) return { disposition: 'attachment', contentType: 'application/octet-stream' };
  return { disposition: download ? 'attachment' : 'inline', contentType: sniffed };
}

/** The type the bytes show; file-type reads only the first few KB it needs, then the stream is closed. */
export async function sniffMediaType(bytes: Readable): Promise<string | undefined> {
  try {
    return (await fileTypeFromStream(bytes))?.mime;
  } finally {
    bytes.destroy();
  }
}

/**
 * A route hook for every answer that may carry a file people sent, errors included: opened in a tab,
 * nothing in it may run script or be sniffed into something else.
 */
export async function mediaAnswerHeaders(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('content-security-policy', "sandbox; default-src 'none'").header('x-content-type-options', 'nosniff');
}
