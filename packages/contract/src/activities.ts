import { z } from 'zod';
import { humanizeActivityType } from './activity-text.ts';
import type { Role } from './auth.ts';

export const ACTIVITY_FEED_MAX = 50;
export const ACTIVITY_FEED_INITIAL = 10;
export const NOTIFICATION_DROPDOWN_ITEMS = 5;

export const sourceTypes = ['auth', 'system', 'whatsapp', 'user'] as const;
export const sourceTypeSchema = z.enum(sourceTypes);
export type SourceType = z.infer<typeof sourceTypeSchema>;

const activityDataFields = {
  username: z.string().max(200),
  status: z.string().max(200),
  recipient: z.string().max(200),
  name: z.string().max(200),
  action: z.string().max(200),
  details: z.string().max(2000),
};

/** An admin's activity data: spec 3's fields, and anything else an import carries. */
export const activityDataSchema = z.object(activityDataFields).partial().catchall(z.unknown());

/** Serialized (UTF-8) size a non-admin's activity data may reach: spec 3's six fields at their longest, with room for escapes. */
export const MEMBER_ACTIVITY_DATA_MAX_BYTES = 4096;

/**
 * A non-admin's activity data: only spec 3's fields, as text, and at most MEMBER_ACTIVITY_DATA_MAX_BYTES serialized,
 * since it is stored for ever and shown to every admin.
 */
export const memberActivityDataSchema = z
  .strictObject(activityDataFields)
  .partial()
  .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= MEMBER_ACTIVITY_DATA_MAX_BYTES, {
    error: `data must be at most ${MEMBER_ACTIVITY_DATA_MAX_BYTES} bytes as JSON`,
  });

export const activitySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  sourceType: sourceTypeSchema,
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  timestamp: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const listActivitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ACTIVITY_FEED_INITIAL),
  page: z.coerce.number().int().min(1).default(1),
  /** `method` is the source the activity came from (auth, system, whatsapp, user). */
  method: sourceTypeSchema.optional(),
  type: z.string().trim().max(100).optional(),
  userId: z.coerce.number().int().positive().optional(),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const listActivitiesResponseSchema = z.object({
  activities: z.array(activitySchema),
  total: z.number().int(),
  unreadCount: z.number().int(),
  types: z.array(z.string()),
});

/**
 * Every type the server writes itself, and the spec's other names for them. Only admins may record these through
 * POST /api/activities, so nobody else can pass a forged sign-in, user change or licence change as the server's record.
 */
export const reservedActivityTypes = [
  'login',
  'login_failed',
  'logout',
  'password_reset_requested',
  'password_reset',
  /** Set by the operator on the server (npm run admin:reset-password). */
  'password_reset_on_server',
  'password_changed',
  'password_set',
  'user_password_changed',
  'user_password_set',
  'email_verified',
  'verification_sent',
  'user_created',
  'user_updated',
  'user_deleted',
  'user_role_changed',
  'settings_updated',
  'app_settings_updated',
  'email_settings_updated',
  'email_template_updated',
  'email_test_sent',
  'test_email_sent',
  'license_updated',
  'license_revoked',
  'license_reloaded',
  'license_storage_cache_cleared',
  'message_received',
  'whatsapp_message_received',
  'message_sent',
  'template_created',
  'template_updated',
  'template_deleted',
  'template_status_update',
  'agent_takeover',
  /** Written for the colleague a conversation was taken from, so they are told. */
  'agent_taken_over',
  'agent_return_to_bot',
  'agent_session_ended',
  /** A person corrected the sentiment label of a customer's message. */
  'sentiment_corrected',
  'campaign_created',
  'campaign_updated',
  'campaign_deleted',
  'campaign_duplicated',
  'campaign_contacts_changed',
  'campaign_started',
  'campaign_scheduled',
  'campaign_schedule_cancelled',
  'campaign_paused',
  'campaign_resumed',
  'campaign_cancelled',
  'campaign_completed',
  'campaign_retried',
  'campaign_failed',
  'campaign_report_regenerated',
  /** Meta re-categorised (or will re-categorise) the template of a scheduled or running campaign. */
  'campaign_template_recategorized',
  'flow_created',
  'flow_updated',
  'flow_deleted',
  'flow_activated',
  'flow_deactivated',
  'flow_restored',
  'api_key_created',
  'api_key_updated',
  'api_key_revoked',
  'outbound_webhook_created',
  'outbound_webhook_updated',
  'outbound_webhook_deleted',
  // Maintenance (Settings → Maintenance).
  'storage_cleanup',
  'database_cleanup',
  'contact_erased',
  'retention_policy_updated',
  /** An admin rebuilt the indexes and refreshed the statistics of the database (POST /api/database/optimize). */
  'database_optimized',
  // The business's WhatsApp numbers (Settings → WhatsApp numbers).
  'whatsapp_number_added',
  'whatsapp_number_updated',
  /** An admin replaced the message rates (Settings → Message prices). */
  'message_prices_updated',
  // The bot flow runtime (flow sessions over WhatsApp).
  /** A flow reached a handoff (or ran out of retries): the conversation waits for an agent. */
  'flow_handoff',
] as const;
export type ReservedActivityType = (typeof reservedActivityTypes)[number];

/**
 * Types written as a copy of another's event for someone else to be told (the colleague a conversation was taken
 * from gets agent_taken_over beside the taker's agent_takeover): the type filter lists the event once, and filtering
 * by it finds the copies too.
 */
const copiesOf: Record<string, readonly string[]> = { agent_takeover: ['agent_taken_over'] };
const copied = new Map(Object.entries(copiesOf).flatMap(([event, copies]) => copies.map((copy) => [copy, event] as const)));

/** The type the filter lists for `type`: the event's own type for a copy, else the type itself. */
export function filterTypeOf(type: string): string {
  return copied.get(type) ?? type;
}

/** Every type a filter on `type` finds: the type and the copies written of it. */
export function typesFoundBy(type: string): string[] {
  return [type, ...(copiesOf[type] ?? [])];
}

// Compared as read ('User-Deleted', 'userDeleted' and 'USER_DELETED' all read "User deleted"), as the activity text shows them.
const reservedReadings = new Set<string>(reservedActivityTypes.map(humanizeActivityType));

export function isReservedActivityType(type: string): boolean {
  return reservedReadings.has(humanizeActivityType(type));
}

export const createActivityBodySchema = z.object({
  type: z
    .string()
    .trim()
    .min(1, 'Type is required')
    .max(100)
    .regex(/^[a-z0-9_.:-]+$/i, 'Type may contain only letters, digits and _ . : -'),
  sourceType: sourceTypeSchema.default('user'),
  data: activityDataSchema.default({}),
  userId: z.number().int().positive().optional(),
  ip: z.string().max(100).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});
export type CreateActivityBody = z.infer<typeof createActivityBodySchema>;
export const activityResponseSchema = z.object({ activity: activitySchema });

export const markReadBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(1000).optional(),
    markAllAsRead: z.boolean().optional(),
  })
  .refine((v) => v.markAllAsRead === true || (v.ids !== undefined && v.ids.length > 0), 'Give ids or markAllAsRead');
export const markReadResponseSchema = z.object({ updated: z.number().int() });

export interface Viewer {
  id: number;
  role: Role;
}

/** Spec 6: who sees an activity in their feed. */
export function canSeeActivity(viewer: Viewer, activity: { userId: number | null }): boolean {
  return viewer.role === 'admin' || activity.userId === viewer.id;
}

/** Spec 6: admins are notified of everything; others of their own or system activities, not of their own user-sourced doing. */
export function shouldNotify(viewer: Viewer, activity: { userId: number | null; sourceType: SourceType }): boolean {
  if (viewer.role === 'admin') return true;
  const own = activity.userId === viewer.id;
  if (own && activity.sourceType === 'user') return false;
  return own || activity.sourceType === 'system';
}

/** Where clicking a notification goes (spec 2). */
export function notificationTarget(activity: { type: string; sourceType: SourceType }): string {
  const type = activity.type.toLowerCase();
  if (activity.sourceType === 'whatsapp' || type.includes('whatsapp') || type.includes('message')) return '/chat';
  if (type === 'flow_handoff') return '/chat';
  if (type.includes('campaign')) return '/campaigns';
  if (type.includes('template')) return '/templates';
  if (type.startsWith('api_key')) return '/api-keys';
  return '/activities';
}

/** The data fields a notification carries: those its sentence reads (activity-text.ts) and the conversation it is about, never a bulky blob. */
export const notificationDataKeys = [
  'username',
  'status',
  'recipient',
  'name',
  'action',
  'details',
  'takenOverBy',
  'conversationId',
] as const;
const NOTIFIED_TEXT_MAX = 2000;

/** An activity as new_notification pushes it: its data cut to the fields the dropdown reads, each a short text or a number. */
export function notificationOf(activity: Activity): Activity {
  const data: Record<string, unknown> = {};
  for (const key of notificationDataKeys) {
    const value = activity.data[key];
    if (typeof value === 'number' || (typeof value === 'string' && value.length <= NOTIFIED_TEXT_MAX)) data[key] = value;
  }
  return { ...activity, data };
}

export const realtimeEvents = {
  newActivity: 'new_activity',
  newNotification: 'new_notification',
  allActivitiesRead: 'all_activities_read',
} as const;
