import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { Icon } from '../../../ui/icon';
import { Spinner } from '../../../ui/spinner';
import { useSandboxMediaUrl } from '../api/sandbox-media';

type Media = NonNullable<SandboxMessage['media']>;

/** A file on the customer's phone: pictures and stickers shown, video and audio playable, documents to save. */
export function SandboxMediaView({ type, media }: { type: SandboxMessage['type']; media: Media }) {
  const file = useSandboxMediaUrl(media.id);
  const name = media.filename ?? `${type} (${media.mimeType})`;
  if (file.status === 'loading') return <Spinner size="small" label={`Loading ${name}`} />;
  if (file.status === 'error') return <p className="sim-media-error">{file.message}</p>;
  switch (type) {
    case 'image':
    case 'sticker':
      return <img className={`sim-media sim-${type}`} src={file.url} alt={media.filename ?? (type === 'sticker' ? 'Sticker' : 'Image')} />;
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: customer and business videos come without captions
      return <video className="sim-media" src={file.url} controls aria-label={name} />;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: voice notes come without captions
      return <audio src={file.url} controls aria-label={name} />;
    default:
      return (
        <a className="sim-document" href={file.url} download={media.filename ?? 'document'}>
          <Icon name="file" size={18} /> {name}
        </a>
      );
  }
}
