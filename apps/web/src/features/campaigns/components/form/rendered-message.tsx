import type { TemplateTestResult } from '../../api/campaign-templates';

/** The message as the customer reads it: header, body and footer in a bubble, the buttons under it. */
export function RenderedMessage({ rendered }: { rendered: TemplateTestResult['rendered'] }) {
  return (
    <figure className="campaign-message" aria-label="Message preview">
      <div className="campaign-message-bubble">
        {rendered.header && <strong>{rendered.header}</strong>}
        <p className="campaign-message-body">{rendered.body}</p>
        {rendered.footer && <p className="campaign-message-footer">{rendered.footer}</p>}
      </div>
      {rendered.buttons.length > 0 && (
        <ul className="campaign-message-buttons">
          {rendered.buttons.map((text, i) => (
            // Buttons have no identity but their position, which Meta uses too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
    </figure>
  );
}
