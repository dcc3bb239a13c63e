import type { Activity } from '@wac/contract/activities';
import { humanizeActivityType, withReadableTimes } from '@wac/contract/activity-text';
import { activitySentence, appTime } from '../../../lib/activity-text';

const transports: Record<string, string> = {
  outbox: 'Kept in the outbox',
  settings: 'Sent through the saved SMTP server',
  environment: 'Sent through SMTP_URL',
};

/** The settings groups other than the app's own, as the Settings page names them. */
const settingGroups: Record<string, string> = { flows: 'bot flows', webhooks: 'outbound webhooks' };

/** A settings key ('app.date_format', 'flows.allowed_hosts') as words: 'date format', 'bot flows: allowed hosts'. */
function settingName(key: string): string {
  const match = /^([a-z]+)\.([a-z_]+)$/.exec(key);
  if (!match) return key;
  const [, group = '', name = ''] = match;
  const words = name.replaceAll('_', ' ');
  return group === 'app' ? words : `${settingGroups[group] ?? group}: ${words}`;
}

/** A code the server wrote (snake_case), never shown as it is. */
const CODE = /^[a-z]+(?:_[a-z]+)+$/;

/** The second line under an activity: what changed, or the recorded details, never a repeat of the first line. */
export function activityDetails(activity: Pick<Activity, 'type' | 'sourceType' | 'data' | 'user'>): string | undefined {
  const raw = activity.data.details;
  const details = typeof raw === 'string' ? withReadableTimes(raw.trim(), appTime) : '';
  if (!details || details === activitySentence(activity)) return undefined;
  if (CODE.test(details)) {
    // A conversation's default reasons ('agent_takeover', 'returned_to_bot'…) only repeat the sentence; other codes read as words.
    return activity.type.startsWith('agent_') ? undefined : humanizeActivityType(details);
  }
  switch (activity.type) {
    case 'settings_updated':
      return `Changed: ${details.split(', ').map(settingName).join(', ')}`;
    case 'user_updated':
    case 'email_settings_updated':
      return `Changed: ${details}`;
    case 'email_test_sent':
      return transports[details] ?? details;
    default:
      return details;
  }
}

/** The User column: who did it, so a takeover written for the colleague shows who took over; else the stored user. */
export function activityUser(activity: Pick<Activity, 'data' | 'user'>): string | undefined {
  const doer = activity.data.takenOverBy;
  return typeof doer === 'string' && doer !== '' ? doer : activity.user?.username;
}
