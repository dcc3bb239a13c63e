import type { ReadStream } from 'node:fs';
import { paginationOf } from '@wac/contract/common';
import type { MediaItem } from '@wac/contract/media-library';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { type ByteRange, parseByteRange } from '../../http/file-response.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { type ServedAs, servedAs, sniffMediaType } from '../../storage/served-media.ts';
import { toChatMedia } from './chat-media.ts';
import { storageExtension } from './media-file-checks.ts';
import { findMediaFile, listMediaFiles, type MediaListFilter } from './media-files.repository.ts';
import type { MediaLinks } from './media-links.ts';

export interface MediaFileRequest {
  id: number;
  expires: number;
  signature: string;
  range?: string;
  download?: boolean;
}

export interface MediaFileAnswer {
  stream: ReadStream | null;
  size: number;
  range: ByteRange;
  /** Inline with its type only when the bytes are an allowlisted image, video or audio type. */
  servedAs: ServedAs;
  filename: string;
  expires: number;
}

const linkRefused = () => new AppError('FORBIDDEN', 'This media link is invalid or has expired: reload the page to get a fresh one', 403);

export interface MediaServiceDeps {
  db: Db;
  storage: MediaStorage;
  links: MediaLinks;
}

export function createMediaService({ db, storage, links }: MediaServiceDeps) {
  return {
    async list(filter: MediaListFilter) {
      const { rows, total } = await listMediaFiles(db, filter);
      const media: MediaItem[] = rows.map(({ file, conversationId, content, contact }) => {
        const { text, media: part } = (content ?? {}) as MessageContent;
        return {
          ...toChatMedia(file, links),
          direction: file.direction,
          messageId: file.messageId,
          conversationId,
          contact,
          caption: part?.caption ?? text ?? null,
          createdAt: file.createdAt.toISOString(),
        };
      });
      return { media, pagination: paginationOf(filter.page, filter.limit, total) };
    },

    /** The signature is the permission: links go into <img src> and downloads, where no bearer header is sent. */
    async file(request: MediaFileRequest): Promise<MediaFileAnswer> {
      if (!links.verify(request.id, request.expires, request.signature)) throw linkRefused();
      const row = await findMediaFile(db, request.id);
      if (!row) throw notFound('Media file not found');
      if (row.status !== 'ready' || !row.storageKey) throw notFound(`Media file ${request.id} is not available (${row.status})`);
      const size = await storage.size(row.storageKey);
      if (size === null) throw notFound('Media file is missing from storage');
      const range = parseByteRange(request.range, size);
      const extension = storageExtension(null, row.mimeType);
      // Sniffed on every answer rather than stored: a few KB read, and no column to trust.
      const sniffed = await sniffMediaType(storage.open(row.storageKey));
      return {
        stream: range === 'unsatisfiable' ? null : storage.open(row.storageKey, range ?? undefined),
        size,
        range,
        servedAs: servedAs(sniffed, request.download),
        filename: row.filename ?? `${row.kind}-${row.id}${extension ? `.${extension}` : ''}`,
        expires: request.expires,
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
