import type { MessageContent } from '@wac/contract/whatsapp-messages';

type SentTemplate = NonNullable<MessageContent['template']>;

/** A template the business sent, as the customer read it, labelled so agents can tell it from a typed message. */
export function TemplateMessage({ template, body }: { template: SentTemplate; body: string | undefined }) {
  return (
    <>
      <p className="message-template-name">
        Template · {template.name} ({template.language})
      </p>
      {template.header && <p className="message-template-header">{template.header}</p>}
      {body && <p className="message-text">{body}</p>}
      {template.footer && <p className="message-template-footer">{template.footer}</p>}
      {template.buttons && template.buttons.length > 0 && (
        <ul className="message-template-buttons" aria-label="Template buttons">
          {template.buttons.map((text, i) => (
            // Buttons are plain labels here, possibly repeated; their position is what Meta uses too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
    </>
  );
}
