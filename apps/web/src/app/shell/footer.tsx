import { useAppSettings } from '../../lib/app-settings';
import { LegalLinks } from '../../ui/legal-links';

export function Footer() {
  const settings = useAppSettings();
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <span>
        © {year} {settings['app.name']}. All rights reserved.
      </span>
      <span className="muted">Powered by the WhatsApp Business Cloud API</span>
      <LegalLinks />
    </footer>
  );
}
