import type { Activity } from '@wac/contract/activities';
import { describeActivity } from '@wac/contract/activity-text';

const transports: Record<string, string> = {
  outbox: 'Kept in the outbox',
  settings: 'Sent through the saved SMTP server',
  environment: 'Sent through SMTP_URL',
};

/** The second line under an activity: what changed, or the recorded details, never a repeat of the first line. */
export function activityDetails(activity: Pick<Activity, 'type' | 'sourceType' | 'data' | 'user'>): string | undefined {
  const raw = activity.data.details;
  const details = typeof raw === 'string' ? raw.trim() : '';
  if (!details || details === describeActivity(activity)) return undefined;
  switch (activity.type) {
    case 'user_updated':
    case 'settings_updated':
    case 'email_settings_updated':
      return `Changed: ${details}`;
    case 'email_test_sent':
      return transports[details] ?? details;
    default:
      return details;
  }
}
