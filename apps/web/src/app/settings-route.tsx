import { EmailSettingsSection } from '../features/email/components/email-settings-section';
import { EmailTemplatesSection } from '../features/email/components/email-templates-section';
import { OutboxSection } from '../features/email/components/outbox-section';
import { LicenseSection } from '../features/license/components/license-section';
import { MaintenanceSection } from '../features/maintenance/components/maintenance-section';
import { AllowedHostsForm } from '../features/settings/components/allowed-hosts-form';
import { AppSettingsSection } from '../features/settings/components/app-settings-section';
import { BusinessHoursForm } from '../features/settings/components/business-hours-form';
import { BusinessNumbersSection } from '../features/settings/components/business-numbers/business-numbers-section';
import { OutboundWebhooksSection } from '../features/settings/components/outbound-webhooks/outbound-webhooks-section';
import { WebhookHealthSection } from '../features/settings/components/webhook-health-section';
import { SettingsPage, type SettingsSection } from '../features/settings/pages/settings-page';

/** The settings page's cards, each from the feature that owns it. */
const sections: SettingsSection[] = [
  {
    id: 'app',
    title: 'App settings',
    description: 'Branding, links, and how dates, times and amounts are shown.',
    render: () => <AppSettingsSection />,
  },
  {
    id: 'business-hours',
    title: 'Business hours',
    description: 'The weekly opening hours the metrics can read response times within.',
    render: () => <BusinessHoursForm />,
  },
  {
    id: 'licence',
    title: 'Licence',
    description: 'The plan this install runs on, what it allows, and how much of it is used.',
    render: () => <LicenseSection />,
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
    id: 'whatsapp-numbers',
    title: 'WhatsApp numbers',
    description: 'The business numbers customers write to, what Meta says of each, and which of them the console sends from.',
    render: () => <BusinessNumbersSection />,
  },
  {
    id: 'whatsapp-webhook',
    title: 'WhatsApp webhook',
    description: 'Whether WhatsApp events reach the console, and whether it keeps up processing them.',
    render: () => <WebhookHealthSection />,
  },
  {
    id: 'outbound-webhooks',
    title: 'Outbound webhooks',
    description: 'URLs your own systems receive signed events on: messages received, message statuses, finished campaigns, handoffs.',
    render: () => <OutboundWebhooksSection />,
  },
  {
    id: 'bot-flows',
    title: 'Bot flows',
    description: 'Where the HTTP actions of bot flows may call: public addresses always, hosts on your own network only when listed here.',
    render: () => (
      <AllowedHostsForm settingKey="flows.allowed_hosts" name="Bot flow allowed hosts" reach="bot flows' HTTP actions may call" />
    ),
  },
  {
    id: 'maintenance',
    title: 'Maintenance',
    description:
      'Clean up old media files and rows (preview first, archive if you like), optimize the database, set a daily retention policy, and erase a customer on request.',
    render: () => <MaintenanceSection />,
  },
  {
    id: 'outbox',
    title: 'Outbox',
    description: 'Emails kept on the server while no SMTP server is configured, newest first.',
    render: () => <OutboxSection />,
  },
];

/** /settings, composed here because its sections belong to several features. */
export function SettingsRoute() {
  return <SettingsPage sections={sections} />;
}
