import type { ChatMessage } from '@wac/contract/chat';
import { formatDate } from '../../../lib/format-date';
import { Icon } from '../../../ui/icon';

function formatSize(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The picture, player or file link of a media message, once our copy of the file is ready. */
export function MessageMedia({ message }: { message: ChatMessage }) {
  const { media } = message;
  if (media?.status === 'removed') {
    return (
      <div className="media-note">Media removed by cleanup on {media.removedAt ? formatDate(media.removedAt) : 'an earlier date'}</div>
    );
  }
  if (!media || media.status === 'pending' || (media.status === 'ready' && !media.url)) {
    return <div className="media-note">Downloading…</div>;
  }
  if (media.status === 'failed' || !media.url) {
    return (
      <div className="media-note media-failed">
        {message.direction === 'inbound'
          ? 'This file could not be downloaded from WhatsApp. Ask the customer to send it again.'
          : 'This file is not available.'}
      </div>
    );
  }
  const name = media.filename ?? message.content.media?.filename ?? null;
  switch (media.kind) {
    case 'image':
    case 'sticker':
      return (
        <a className={`media-image media-${media.kind}`} href={media.url} target="_blank" rel="noreferrer">
          <img src={media.url} alt={name ?? (media.kind === 'sticker' ? 'Sticker' : 'Photo')} loading="lazy" />
        </a>
      );
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions.
      return <video className="media-video" src={media.url} controls preload="metadata" />;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: voice notes come without captions.
      return <audio className="media-audio" src={media.url} controls preload="none" />;
    default: {
      const size = formatSize(media.fileSize);
      return (
        <a className="media-document" href={media.url} download={name ?? true} target="_blank" rel="noreferrer">
          <Icon name="file" size={22} />
          <span className="media-document-name">{name ?? 'Document'}</span>
          {size && <span className="muted small">{size}</span>}
        </a>
      );
    }
  }
}
