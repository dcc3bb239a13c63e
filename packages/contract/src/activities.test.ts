import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FEED_INITIAL,
  ACTIVITY_FEED_MAX,
  canSeeActivity,
  createActivityBodySchema,
  isReservedActivityType,
  listActivitiesQuerySchema,
  markReadBodySchema,
  NOTIFICATION_DROPDOWN_ITEMS,
  notificationTarget,
  reservedActivityTypes,
  type SourceType,
  shouldNotify,
  sourceTypes,
  type Viewer,
} from './activities.ts';

const admin: Viewer = { id: 1, role: 'admin' };
const amy: Viewer = { id: 2, role: 'agent' };
const ben: Viewer = { id: 3, role: 'agent' };

describe('canSeeActivity', () => {
  it('lets an admin see every activity, with or without an owner', () => {
    for (const userId of [1, 2, 3, null]) expect(canSeeActivity(admin, { userId })).toBe(true);
  });

  it('lets an agent see only their own', () => {
    expect(canSeeActivity(amy, { userId: 2 })).toBe(true);
    expect(canSeeActivity(amy, { userId: 3 })).toBe(false);
    expect(canSeeActivity(amy, { userId: 1 })).toBe(false);
    expect(canSeeActivity(amy, { userId: null })).toBe(false);
  });
});

describe('shouldNotify', () => {
  it('notifies an admin of everything, their own user-sourced doing included', () => {
    for (const sourceType of sourceTypes) {
      for (const userId of [1, 2, null]) expect(shouldNotify(admin, { userId, sourceType })).toBe(true);
    }
  });

  it.each<[string, number | null, SourceType, boolean]>([
    ['own auth', 2, 'auth', true],
    ['own whatsapp', 2, 'whatsapp', true],
    ['own system', 2, 'system', true],
    ['own user-sourced doing', 2, 'user', false],
    ["another agent's auth", 3, 'auth', false],
    ["another agent's whatsapp", 3, 'whatsapp', false],
    ["another agent's user-sourced", 3, 'user', false],
    ["another agent's system", 3, 'system', true],
    ['system without owner', null, 'system', true],
    ['whatsapp without owner', null, 'whatsapp', false],
    ['user-sourced without owner', null, 'user', false],
  ])('for an agent, %s -> %s', (_label, userId, sourceType, expected) => {
    expect(shouldNotify(amy, { userId, sourceType })).toBe(expected);
  });

  it('never notifies an agent of an activity they cannot see unless it is a system one', () => {
    for (const sourceType of sourceTypes) {
      for (const userId of [1, 2, 3, null]) {
        const activity = { userId, sourceType };
        if (shouldNotify(ben, activity) && !canSeeActivity(ben, activity)) expect(sourceType).toBe('system');
      }
    }
  });
});

describe('notificationTarget', () => {
  it('sends WhatsApp-related notifications to /chat', () => {
    expect(notificationTarget({ type: 'anything', sourceType: 'whatsapp' })).toBe('/chat');
    expect(notificationTarget({ type: 'whatsapp_message_received', sourceType: 'system' })).toBe('/chat');
    expect(notificationTarget({ type: 'message_sent', sourceType: 'user' })).toBe('/chat');
    expect(notificationTarget({ type: 'WhatsApp_Error', sourceType: 'auth' })).toBe('/chat');
  });

  it('sends template-related notifications to /templates', () => {
    expect(notificationTarget({ type: 'template_approved', sourceType: 'system' })).toBe('/templates');
    expect(notificationTarget({ type: 'TEMPLATE_CREATED', sourceType: 'user' })).toBe('/templates');
  });

  it('sends everything else to /activities', () => {
    for (const type of ['login', 'logout', 'login_failed', 'password_changed', 'user_created', 'settings_updated']) {
      expect(notificationTarget({ type, sourceType: 'auth' })).toBe('/activities');
    }
  });
});

describe('activity schemas', () => {
  it('keeps the spec constants', () => {
    expect([ACTIVITY_FEED_MAX, ACTIVITY_FEED_INITIAL, NOTIFICATION_DROPDOWN_ITEMS]).toEqual([50, 10, 5]);
    expect(sourceTypes).toEqual(['auth', 'system', 'whatsapp', 'user']);
  });

  it('reads list queries from strings with defaults', () => {
    expect(listActivitiesQuerySchema.parse({})).toEqual({ limit: 10, page: 1 });
    expect(listActivitiesQuerySchema.parse({ limit: '25', page: '3', method: 'auth', userId: '7', unreadOnly: 'true' })).toEqual({
      limit: 25,
      page: 3,
      method: 'auth',
      userId: 7,
      unreadOnly: true,
    });
    expect(listActivitiesQuerySchema.parse({ unreadOnly: 'false' }).unreadOnly).toBe(false);
    for (const bad of [{ limit: '0' }, { limit: '101' }, { page: '0' }, { page: '-1' }, { limit: 'x' }, { method: 'mail' }]) {
      expect(listActivitiesQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('defaults a posted activity to user source and empty data', () => {
    expect(createActivityBodySchema.parse({ type: 'note' })).toEqual({ type: 'note', sourceType: 'user', data: {} });
    expect(createActivityBodySchema.safeParse({ type: 'bad type' }).success).toBe(false);
    expect(createActivityBodySchema.safeParse({ type: 'ok', timestamp: '2024-01-01T00:00:00+02:00' }).success).toBe(true);
  });

  it('needs ids or markAllAsRead to mark read', () => {
    expect(markReadBodySchema.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(markReadBodySchema.safeParse({ markAllAsRead: true }).success).toBe(true);
    expect(markReadBodySchema.safeParse({}).success).toBe(false);
    expect(markReadBodySchema.safeParse({ ids: [] }).success).toBe(false);
    expect(markReadBodySchema.safeParse({ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }).success).toBe(false);
  });
});

describe('isReservedActivityType', () => {
  it('reserves every type the server writes, however it is spelt', () => {
    for (const type of reservedActivityTypes) expect(isReservedActivityType(type), type).toBe(true);
    for (const type of ['LOGIN', 'User-Deleted', 'userDeleted', 'license.updated', 'agent:takeover', ' logout ']) {
      expect(isReservedActivityType(type), type).toBe(true);
    }
  });

  it('leaves other types to anyone', () => {
    for (const type of ['note_added', 'profile_viewed', 'login_page_opened', 'user', 'template']) {
      expect(isReservedActivityType(type), type).toBe(false);
    }
  });
});
