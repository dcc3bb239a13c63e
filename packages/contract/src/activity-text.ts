import type { ReservedActivityType } from './activities.ts';

/**
 * One readable sentence per activity, shared by the notification dropdown and the activities page.
 * Accepts the loose shape of spec 3 (user may be an object with a username or a plain value).
 */
export interface DescribableActivity {
  type: string;
  sourceType?: string;
  data?: Record<string, unknown> | null;
  user?: { username?: string | null } | string | number | null;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * Who did it: the stored user it belongs to, else (no user, or one since deleted) the username recorded with it.
 * The stored user comes first because `data` is what the poster wrote.
 */
export function activityActor(activity: DescribableActivity): string | undefined {
  // An activity written for the person something happened to (a takeover) names who did it in its data.
  const doer = text(activity.data?.takenOverBy);
  if (doer) return doer;
  const user = activity.user;
  const stored = user && typeof user === 'object' ? text(user.username) : text(user);
  return stored ?? text(activity.data?.username);
}

/** 'user_created' -> 'User created'. */
export function humanizeActivityType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.:-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return 'Activity';
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

type Describe = (
  who: string,
  d: { name?: string; recipient?: string; status?: string; action?: string; details?: string; username?: string },
  actor: string | undefined,
) => string;

// Typed by the reserved list: a type with a sentence of its own reads as the server's record, so only admins may post it.
const described: { [type in ReservedActivityType]?: Describe } = {
  login: (who) => `${who} signed in`,
  logout: (who) => `${who} signed out`,
  login_failed: (_who, _d, actor) => (actor ? `Failed sign-in for ${actor}` : 'Failed sign-in'),
  password_reset_requested: (who) => `${who} asked for a password reset`,
  password_reset: (who) => `${who} reset their password`,
  password_reset_on_server: (who) => `The password of ${who} was reset on the server`,
  password_changed: (who, d) => (d.name && d.name !== who ? `${who} changed the password of ${d.name}` : `${who} changed their password`),
  user_password_changed: (who, d) => `${who} changed the password of ${d.name ?? 'a user'}`,
  password_set: (who, d) => `${who} set a new password for ${d.name ?? 'a user'}`,
  user_password_set: (who, d) => `${who} set a new password for ${d.name ?? 'a user'}`,
  email_verified: (who) => `${who} verified their email address`,
  verification_sent: (who) => `Verification email sent to ${who}`,
  user_created: (who, d) => `${who} created user ${d.name ?? ''}`.trim(),
  user_updated: (who, d) => `${who} updated user ${d.name ?? ''}`.trim(),
  user_deleted: (who, d) => `${who} deleted user ${d.name ?? ''}`.trim(),
  user_role_changed: (who, d) => `${who} changed the role of ${d.name ?? 'a user'}${d.status ? ` to ${d.status}` : ''}`,
  settings_updated: (who) => `${who} updated the app settings`,
  app_settings_updated: (who) => `${who} updated the app settings`,
  email_settings_updated: (who) => `${who} updated the email settings`,
  email_template_updated: (who, d) => `${who} updated the ${d.name ? `${d.name.replace(/_/g, ' ')} ` : ''}email template`,
  email_test_sent: (who, d) => `${who} sent a test email${d.recipient ? ` to ${d.recipient}` : ''}`,
  test_email_sent: (who, d) => `${who} sent a test email${d.recipient ? ` to ${d.recipient}` : ''}`,
  message_received: (_who, d) => `New message from ${d.name ?? d.recipient ?? 'a customer'}`,
  whatsapp_message_received: (_who, d) => `New message from ${d.name ?? d.recipient ?? 'a customer'}`,
  message_sent: (who, d) => `${who} sent a message${d.recipient ? ` to ${d.recipient}` : ''}`,
  agent_takeover: (who, d) => `${who} took over the conversation with ${d.name ?? d.recipient ?? 'a customer'}`,
  // Written for the previous holder (data.username); the actor is who took over.
  agent_taken_over: (who, d) =>
    `${who} took over the conversation with ${d.name ?? d.recipient ?? 'a customer'} from ${d.username ?? 'its previous agent'}`,
  agent_return_to_bot: (who, d) => `${who} handed the conversation with ${d.name ?? d.recipient ?? 'a customer'} back to the bot`,
  agent_session_ended: (who, d) => `${who} ended the conversation with ${d.name ?? d.recipient ?? 'a customer'}`,
  sentiment_corrected: (who, d) =>
    `${who} marked a message from ${d.name ?? d.recipient ?? 'a customer'} as ${d.status ?? 'corrected'}${d.details ? ` (${d.details})` : ''}`,
  template_created: (who, d) => `${who} created template ${d.name ?? ''}`.trim(),
  template_updated: (who, d) => `${who} updated template ${d.name ?? ''}`.trim(),
  template_deleted: (who, d) => `${who} deleted template ${d.name ?? ''}`.trim(),
  campaign_created: (who, d) => `${who} created campaign ${d.name ?? ''}`.trim(),
  campaign_updated: (who, d) => `${who} updated campaign ${d.name ?? ''}`.trim(),
  campaign_deleted: (who, d) => `${who} deleted campaign ${d.name ?? ''}`.trim(),
  campaign_duplicated: (who, d) => `${who} duplicated campaign ${d.name ?? ''}`.trim(),
  campaign_contacts_changed: (who, d) => `${who} changed the contacts of campaign ${d.name ?? ''}${d.details ? ` (${d.details})` : ''}`,
  campaign_started: (who, d) => `${who} started campaign ${d.name ?? ''}`.trim(),
  campaign_scheduled: (who, d) => `${who} scheduled campaign ${d.name ?? ''}${d.details ? ` for ${d.details}` : ''}`,
  campaign_schedule_cancelled: (who, d) => `${who} cancelled the schedule of campaign ${d.name ?? ''}`.trim(),
  campaign_paused: (who, d) => `${who} paused campaign ${d.name ?? ''}${d.details ? `: ${d.details}` : ''}`,
  campaign_resumed: (who, d) => `${who} resumed campaign ${d.name ?? ''}`.trim(),
  campaign_cancelled: (who, d) => `${who} cancelled campaign ${d.name ?? ''}`.trim(),
  campaign_retried: (who, d) => `${who} retried the failed recipients of campaign ${d.name ?? ''}${d.details ? ` (${d.details})` : ''}`,
  campaign_template_recategorized: (_who, d) => `Campaign ${d.name ?? ''}: ${d.details ?? 'Meta re-categorised its template'}`,
  campaign_failed: (_who, d) => `Campaign ${d.name ?? ''} could not start on schedule${d.details ? `: ${d.details}` : ''}`,
  campaign_completed: (_who, d) => `Campaign ${d.name ?? ''} finished${d.details ? `: ${d.details}` : ''}`,
  campaign_report_regenerated: (who, d) => `${who} regenerated the report of campaign ${d.name ?? ''}`.trim(),
  flow_created: (who, d) => `${who} created bot flow ${d.name ?? ''}`.trim(),
  flow_updated: (who, d) => `${who} updated bot flow ${d.name ?? ''}${d.details ? ` (${d.details})` : ''}`.trim(),
  flow_deleted: (who, d) => `${who} deleted bot flow ${d.name ?? ''}`.trim(),
  flow_activated: (who, d) => `${who} activated bot flow ${d.name ?? ''}`.trim(),
  flow_deactivated: (who, d) => `${who} deactivated bot flow ${d.name ?? ''}`.trim(),
  flow_restored: (who, d) => `${who} restored bot flow ${d.name ?? ''}${d.details ? ` ${d.details}` : ''}`.trim(),
  api_key_created: (who, d) => `${who} created API key ${d.name ?? ''}`.trim(),
  api_key_updated: (who, d) => `${who} updated API key ${d.name ?? ''}${d.details ? ` (${d.details})` : ''}`.trim(),
  api_key_revoked: (who, d) => `${who} revoked API key ${d.name ?? ''}`.trim(),
  outbound_webhook_created: (who, d) => `${who} added outbound webhook ${d.name ?? ''}`.trim(),
  outbound_webhook_updated: (who, d) => `${who} updated outbound webhook ${d.name ?? ''}${d.details ? ` (${d.details})` : ''}`.trim(),
  outbound_webhook_deleted: (who, d) => `${who} deleted outbound webhook ${d.name ?? ''}`.trim(),
  storage_cleanup: (who, d) => `${who} ran a storage cleanup${d.status ? ` (${d.status})` : ''}${d.details ? `: ${d.details}` : ''}`,
  database_cleanup: (who, d) => `${who} ran a database cleanup${d.status ? ` (${d.status})` : ''}${d.details ? `: ${d.details}` : ''}`,
  retention_policy_updated: (who, d) => `${who} set the retention policy${d.details ? `: ${d.details}` : ''}`,
  contact_erased: (who, d) => `${who} erased a customer's data on request${d.details ? `: ${d.details}` : ''}`,
  whatsapp_number_added: (who, d) => `${who} added the WhatsApp number ${d.name ?? ''}`.trimEnd(),
  whatsapp_number_updated: (who, d) => `${who} changed the WhatsApp number ${d.name ?? ''}${d.details ? `: ${d.details}` : ''}`,
  message_prices_updated: (who, d) => `${who} updated the message prices${d.details ? ` (${d.details})` : ''}`,
  database_optimized: (who, d) => `${who} optimized the database${d.details ? ` (${d.details})` : ''}`,
  // The bot flow runtime.
  flow_handoff: (_who, d) => `The bot handed the conversation with ${d.name ?? d.recipient ?? 'a customer'} to an agent`,
  template_status_update: (_who, d) => `Template ${d.name ?? ''} is now ${d.status?.toLowerCase() ?? 'updated'}`.replace(/\s+/g, ' '),
};

/** How the reader's app writes a moment (its date format, time format and timezone). */
export type FormatTime = (iso: string) => string;

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;

/** The moments written into an activity's data (ISO, such as a campaign's schedule) as the reader's app writes them. */
export function withReadableTimes(value: string, formatTime: FormatTime | undefined): string {
  return formatTime ? value.replace(ISO_TIME, (iso) => formatTime(iso)) : value;
}

/**
 * Readable text for an activity, e.g. 'admin signed in', 'Failed sign-in for bob', 'admin created user carol'; with
 * `formatTime`, the moments it names are written as the app writes them.
 */
export function describeActivity(activity: DescribableActivity, formatTime?: FormatTime): string {
  const data = activity.data ?? {};
  const details = text(data.details);
  const d = {
    name: text(data.name),
    recipient: text(data.recipient),
    status: text(data.status),
    action: text(data.action),
    details: details && withReadableTimes(details, formatTime),
    username: text(data.username),
  };
  const actor = activityActor(activity);
  const known = described[activity.type.toLowerCase() as ReservedActivityType];
  if (known) return known(actor ?? (activity.sourceType === 'system' ? 'The system' : 'Someone'), d, actor);

  const what = d.action ?? humanizeActivityType(activity.type);
  const target = d.name ?? d.recipient;
  const base = target ? `${what}: ${target}` : what;
  if (d.details && !target) return actor ? `${actor}: ${d.details}` : d.details;
  return actor ? `${base} by ${actor}` : base;
}
