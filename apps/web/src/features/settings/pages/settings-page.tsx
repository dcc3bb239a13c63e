import type { ReactNode } from 'react';
import { AppSettingsSection } from '../components/app-settings-section';
import { EmailSettingsSection } from '../components/email-settings-section';
import { EmailTemplatesSection } from '../components/email-templates-section';
import { OutboxSection } from '../components/outbox-section';

interface Section {
  id: string;
  title: string;
  description: string;
  render: () => ReactNode;
}

/** One card per section; the licence section joins this list with its own issue. */
const sections: Section[] = [
  {
    id: 'app',
    title: 'App settings',
    description: 'Branding, links, and how dates, times and amounts are shown.',
    render: () => <AppSettingsSection />,
  },
  {
    id: 'email',
    title: 'Email',
    description: 'How the console sends password resets, verification and test emails.',
    render: () => <EmailSettingsSection />,
  },
  {
    id: 'email-templates',
    title: 'Email templates',
    description: 'The subject and text of each email. Variables in double braces are filled in when it is sent.',
    render: () => <EmailTemplatesSection />,
  },
  {
    id: 'outbox',
    title: 'Outbox',
    description: 'Emails kept on the server while no SMTP server is configured, newest first.',
    render: () => <OutboxSection />,
  },
];

export function SettingsPage() {
  return (
    <div className="page settings-page">
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          {sections.map((s) => (
            <a key={s.id} href={`#${s.id}`}>
              {s.title}
            </a>
          ))}
        </nav>
        <div className="settings-sections">
          {sections.map((s) => (
            <section key={s.id} id={s.id} className="card settings-card" aria-labelledby={`${s.id}-title`}>
              <header className="settings-card-header">
                <h2 id={`${s.id}-title`}>{s.title}</h2>
                <p className="muted">{s.description}</p>
              </header>
              {s.render()}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
