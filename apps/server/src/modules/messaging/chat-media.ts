import type { ChatMedia } from '@wac/contract/chat';
import type { MediaFileRow } from './media-files.repository.ts';
import type { MediaLinks } from './media-links.ts';

export type { MediaFileRow };

/** How a stored file appears in messages, events and the media library. */
export function toChatMedia(row: MediaFileRow, links: MediaLinks): ChatMedia {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    filename: row.filename,
    sha256: row.sha256,
    url: row.status === 'ready' ? links.url(row.id) : null,
    removedAt: row.removedAt?.toISOString() ?? null,
  };
}
