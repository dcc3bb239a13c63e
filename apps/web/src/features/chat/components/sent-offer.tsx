import type { SentOffer } from '@wac/contract/whatsapp-messages';

/**
 * The reply buttons or list rows a business message offered, as the customer saw them: labels, not buttons, since
 * only the customer can tap them.
 */
export function SentOfferMessage({ offer, body }: { offer: SentOffer; body: string | undefined }) {
  return (
    <>
      {offer.header && <p className="message-template-header">{offer.header}</p>}
      {body && <p className="message-text">{body}</p>}
      {offer.footer && <p className="message-template-footer">{offer.footer}</p>}
      {offer.type === 'button' ? (
        <ul className="message-template-buttons" aria-label="Reply buttons offered">
          {offer.buttons.map((button) => (
            <li key={button.id}>{button.title}</li>
          ))}
        </ul>
      ) : (
        <>
          <p className="message-offer-list-button">☰ {offer.button}</p>
          <ul className="message-offer-rows" aria-label={`List offered: ${offer.button}`}>
            {offer.rows.map((row) => (
              <li key={row.id}>
                {row.title}
                {row.description && <span className="muted small"> · {row.description}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
