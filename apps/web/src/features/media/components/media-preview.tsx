import type { MediaItem } from '@wac/contract/media-library';
import { Icon } from '../../../ui/icon';
import { kindIcons, mediaTitle } from './media-labels';

const placeholderText: Record<MediaItem['status'], string> = {
  pending: 'Still downloading',
  ready: 'Still downloading',
  failed: 'Download failed',
  removed: 'Removed by cleanup',
};

/** The file itself where the browser can show it: pictures, playable video and audio; an icon for the rest. */
export function MediaPreview({ item, size }: { item: MediaItem; size: 'tile' | 'full' }) {
  const title = mediaTitle(item);
  if (!item.url) {
    return (
      <div className="media-placeholder">
        <Icon name={kindIcons[item.kind]} size={40} />
        <span className="small">{placeholderText[item.status]}</span>
      </div>
    );
  }
  if (item.kind === 'image' || item.kind === 'sticker') {
    return <img className={`media-${size}`} src={item.url} alt={title} loading="lazy" />;
  }
  if (item.kind === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: WhatsApp videos come without captions
    return <video className={`media-${size}`} src={item.url} controls={size === 'full'} preload="metadata" aria-label={title} />;
  }
  if (item.kind === 'audio' && size === 'full') {
    // biome-ignore lint/a11y/useMediaCaption: voice notes come without captions
    return <audio src={item.url} controls aria-label={title} />;
  }
  return (
    <div className="media-placeholder">
      <Icon name={kindIcons[item.kind]} size={40} />
      {size === 'full' && <span>{title}</span>}
    </div>
  );
}
