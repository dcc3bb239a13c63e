import type { RenderedTemplate } from '@wac/contract/template-parameters';
import { Icon, type IconName } from '../../../ui/icon';

export interface PreviewMedia {
  /** A local or public address of the header file; without it a placeholder shows. */
  url: string | null;
  name: string | null;
}

const buttonIcon: Record<string, IconName> = {
  URL: 'link',
  PHONE_NUMBER: 'phone',
  COPY_CODE: 'copy',
  OTP: 'copy',
  QUICK_REPLY: 'reply',
};

const mediaIcon: Record<string, IconName> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'file' };

function HeaderPreview({ header, media }: { header: NonNullable<RenderedTemplate['header']>; media?: PreviewMedia }) {
  if (header.format === 'TEXT') return <strong className="wa-preview-title">{header.text}</strong>;
  if (header.format === 'IMAGE' && media?.url)
    return <img className="wa-preview-image" src={media.url} alt={media.name ?? 'Header image'} />;
  return (
    <div className="wa-preview-media">
      <Icon name={mediaIcon[header.format] ?? 'file'} size={28} />
      <span>{media?.name ?? `${header.format.toLowerCase()} header`}</span>
    </div>
  );
}

/** The template as WhatsApp shows it: header, body, footer in one bubble, the buttons under it. */
export function TemplatePreview({ rendered, media }: { rendered: RenderedTemplate; media?: PreviewMedia }) {
  return (
    <figure className="wa-preview" aria-label="Preview">
      <div className="wa-preview-bubble">
        {rendered.header && <HeaderPreview header={rendered.header} media={media} />}
        <p className="wa-preview-body">{rendered.body || <span className="muted">The body text shows here</span>}</p>
        {rendered.footer && <p className="wa-preview-footer">{rendered.footer}</p>}
      </div>
      {rendered.buttons.length > 0 && (
        <ul className="wa-preview-buttons">
          {rendered.buttons.map((button, i) => (
            // Buttons have no identity of their own; their position is what Meta uses too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>
              <Icon name={buttonIcon[button.type] ?? 'reply'} size={15} />
              {button.text || <span className="muted">Button text</span>}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
