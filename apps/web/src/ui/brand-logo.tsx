import { useState } from 'react';
import { useAppSettings } from '../lib/app-settings';

/** The configured logo, or the default icon when none is set or the image fails to load. */
export function BrandLogo() {
  const settings = useAppSettings();
  const [failed, setFailed] = useState<string | null>(null);
  const url = settings['app.logo_url'];
  if (url && failed !== url) {
    return <img className="brand-logo" src={url} alt={settings['app.name']} onError={() => setFailed(url)} />;
  }
  return (
    <span className="brand-logo brand-logo-default" role="img" aria-label={settings['app.name']}>
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="#25d366" />
        <path d="M10 22l1.2-3.6A7 7 0 1 1 14 21.2z" fill="#fff" />
      </svg>
    </span>
  );
}
