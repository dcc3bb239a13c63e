import type { ReactNode } from 'react';
import { useAppSettings } from '../../../lib/app-settings';
import { BrandLogo } from '../../../ui/brand-logo';
import { LegalLinks } from '../../../ui/legal-links';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const settings = useAppSettings();
  // The public pages have no shell: the card is their main landmark.
  return (
    <main className="auth-screen">
      <div className="auth-card card">
        <div className="auth-brand">
          <BrandLogo />
          <div>
            <div className="auth-app-name">{settings['app.name']}</div>
            <div className="muted small">{settings['app.description']}</div>
          </div>
        </div>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
        {children}
        <LegalLinks />
      </div>
    </main>
  );
}

export function ErrorBox({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="error-box" role="alert">
      <span>{message}</span>
      <button type="button" onClick={onDismiss} aria-label="Dismiss error">
        ×
      </button>
    </div>
  );
}
