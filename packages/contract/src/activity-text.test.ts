import { describe, expect, it } from 'vitest';
import { activityActor, describeActivity, humanizeActivityType } from './activity-text.ts';

describe('describeActivity', () => {
  it('describes sign-in, sign-out and failed sign-in', () => {
    expect(describeActivity({ type: 'login', sourceType: 'auth', data: { username: 'admin', status: 'success' } })).toBe('admin signed in');
    expect(describeActivity({ type: 'logout', sourceType: 'auth', data: { username: 'admin' } })).toBe('admin signed out');
    expect(describeActivity({ type: 'login_failed', sourceType: 'auth', data: { username: 'bob', status: 'failed' } })).toBe(
      'Failed sign-in for bob',
    );
    expect(describeActivity({ type: 'login_failed', sourceType: 'auth', data: {} })).toBe('Failed sign-in');
  });

  it('describes user management with actor and target', () => {
    expect(describeActivity({ type: 'user_created', sourceType: 'user', data: { username: 'admin', name: 'carol' } })).toBe(
      'admin created user carol',
    );
    expect(describeActivity({ type: 'user_deleted', sourceType: 'user', data: { username: 'admin', name: 'carol' } })).toBe(
      'admin deleted user carol',
    );
    expect(describeActivity({ type: 'password_changed', sourceType: 'user', data: { username: 'admin', name: 'carol' } })).toBe(
      'admin changed the password of carol',
    );
    expect(describeActivity({ type: 'password_changed', sourceType: 'user', data: { username: 'carol' } })).toBe(
      'carol changed their password',
    );
  });

  it('names the stored user, not the username written in data', () => {
    expect(
      describeActivity({ type: 'user_deleted', sourceType: 'user', data: { username: 'admin', name: 'carol' }, user: { username: 'amy' } }),
    ).toBe('amy deleted user carol');
    expect(describeActivity({ type: 'note_added', sourceType: 'user', data: { username: 'admin' }, user: { username: 'amy' } })).toBe(
      'Note added by amy',
    );
  });

  it('falls back to the username in data when the activity has no user', () => {
    expect(describeActivity({ type: 'login_failed', sourceType: 'auth', data: { username: 'nobody' }, user: null })).toBe(
      'Failed sign-in for nobody',
    );
  });

  it('names the activity user when data has no username', () => {
    expect(describeActivity({ type: 'email_verified', sourceType: 'auth', data: {}, user: { username: 'dave' } })).toBe(
      'dave verified their email address',
    );
    expect(describeActivity({ type: 'logout', data: {}, user: 'erin' })).toBe('erin signed out');
    expect(describeActivity({ type: 'settings_updated', sourceType: 'system', data: null })).toBe('The system updated the app settings');
  });

  it('turns unknown types into a readable sentence', () => {
    expect(describeActivity({ type: 'coupon_issued', sourceType: 'user', data: { username: 'admin', name: 'Spring sale' } })).toBe(
      'Coupon issued: Spring sale by admin',
    );
    expect(describeActivity({ type: 'backupFinished', sourceType: 'system', data: {} })).toBe('Backup finished');
    expect(describeActivity({ type: 'sync', sourceType: 'system', data: { details: 'Templates synced' } })).toBe('Templates synced');
    expect(describeActivity({ type: 'export', data: { username: 'admin', action: 'Exported contacts' } })).toBe(
      'Exported contacts by admin',
    );
  });

  it('tells what happened to a campaign, and why the system paused one', () => {
    expect(describeActivity({ type: 'campaign_started', sourceType: 'user', data: { username: 'admin', name: 'Spring sale' } })).toBe(
      'admin started campaign Spring sale',
    );
    expect(
      describeActivity({
        type: 'campaign_paused',
        sourceType: 'system',
        data: { name: 'Spring sale', details: 'its template was paused by Meta' },
      }),
    ).toBe('The system paused campaign Spring sale: its template was paused by Meta');
    expect(
      describeActivity({ type: 'campaign_contacts_changed', data: { username: 'admin', name: 'Spring sale', details: '2 added' } }),
    ).toBe('admin changed the contacts of campaign Spring sale (2 added)');
  });

  it('tells what an admin did to a bot flow', () => {
    const flow = (type: string, details?: string) =>
      describeActivity({ type, sourceType: 'user', data: { username: 'admin', name: 'Greeting', details } });
    expect(flow('flow_created')).toBe('admin created bot flow Greeting');
    expect(flow('flow_updated', 'version 3')).toBe('admin updated bot flow Greeting (version 3)');
    expect(flow('flow_updated')).toBe('admin updated bot flow Greeting');
    expect(flow('flow_deleted')).toBe('admin deleted bot flow Greeting');
    expect(flow('flow_activated')).toBe('admin activated bot flow Greeting');
    expect(flow('flow_deactivated')).toBe('admin deactivated bot flow Greeting');
    expect(flow('flow_restored', 'to version 1 (now version 4)')).toBe('admin restored bot flow Greeting to version 1 (now version 4)');
  });

  it('is case-insensitive on the type', () => {
    expect(describeActivity({ type: 'LOGIN', data: { username: 'admin' } })).toBe('admin signed in');
  });
});

describe('helpers', () => {
  it('humanizes types', () => {
    expect(humanizeActivityType('user_created')).toBe('User created');
    expect(humanizeActivityType('email.template:updated')).toBe('Email template updated');
    expect(humanizeActivityType('')).toBe('Activity');
  });

  it('finds the actor', () => {
    expect(activityActor({ type: 'x', data: { username: ' ann ' } })).toBe('ann');
    expect(activityActor({ type: 'x', user: { username: 'ben' } })).toBe('ben');
    // Told to the person it happened to, a takeover names who took over.
    expect(activityActor({ type: 'agent_taken_over', user: { username: 'ann' }, data: { takenOverBy: 'ben' } })).toBe('ben');
    expect(activityActor({ type: 'x', data: { username: 'ann' }, user: { username: 'ben' } })).toBe('ben');
    expect(activityActor({ type: 'x', user: null })).toBeUndefined();
  });
});
