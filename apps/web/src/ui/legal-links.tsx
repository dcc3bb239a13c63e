import { useAppSettings } from '../lib/app-settings';

/** Terms and privacy links, shown only when configured (login page and footer). */
export function LegalLinks() {
  const settings = useAppSettings();
  const terms = settings['app.terms_url'];
  const privacy = settings['app.privacy_url'];
  if (!terms && !privacy) return null;
  return (
    <span className="legal-links">
      {terms && (
        <a href={terms} target="_blank" rel="noreferrer">
          Terms
        </a>
      )}
      {privacy && (
        <a href={privacy} target="_blank" rel="noreferrer">
          Privacy
        </a>
      )}
    </span>
  );
}
