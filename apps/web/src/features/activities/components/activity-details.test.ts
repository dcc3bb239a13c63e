import { describe, expect, it } from 'vitest';
import { activityDetails } from './activity-details';

const base = { sourceType: 'user' as const, user: null };

describe('activityDetails', () => {
  it('says what changed', () => {
    expect(activityDetails({ ...base, type: 'settings_updated', data: { username: 'admin', details: 'app.name, app.timezone' } })).toBe(
      'Changed: app.name, app.timezone',
    );
    expect(activityDetails({ ...base, type: 'user_updated', data: { details: 'email' } })).toBe('Changed: email');
  });

  it('names the mail transport of a test email', () => {
    expect(activityDetails({ ...base, type: 'email_test_sent', data: { details: 'outbox' } })).toBe('Kept in the outbox');
  });

  it('shows other details as they are, and nothing when empty or already the main text', () => {
    expect(activityDetails({ ...base, type: 'login_failed', data: { details: 'Wrong username or password' } })).toBe(
      'Wrong username or password',
    );
    expect(activityDetails({ ...base, type: 'login', data: {} })).toBeUndefined();
    expect(activityDetails({ ...base, type: 'sync', sourceType: 'system', data: { details: 'Templates synced' } })).toBeUndefined();
  });
});
