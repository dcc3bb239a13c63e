import { afterEach, describe, expect, it } from 'vitest';
import { activitySentence } from '../../../lib/activity-text';
import { setDateSettings } from '../../../lib/format-date';
import { activityDetails, activityUser } from './activity-details';

afterEach(() => setDateSettings({ 'app.date_format': 'YYYY-MM-DD', 'app.time_format': '24h', 'app.timezone': 'UTC' }));

const base = { sourceType: 'user' as const, user: null };

describe('activityDetails', () => {
  it('says what changed', () => {
    expect(activityDetails({ ...base, type: 'settings_updated', data: { username: 'admin', details: 'app.name, app.timezone' } })).toBe(
      'Changed: name, timezone',
    );
    expect(
      activityDetails({ ...base, type: 'settings_updated', data: { details: 'app.date_format, app.time_format, flows.allowed_hosts' } }),
    ).toBe('Changed: date format, time format, bot flows: allowed hosts');
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

describe('activity texts as people read them', () => {
  it("writes the moments an activity names in the app's date format, in its timezone", () => {
    setDateSettings({ 'app.date_format': 'DD/MM/YYYY', 'app.time_format': '12h', 'app.timezone': 'Europe/London' });
    const scheduled = { ...base, user: { id: 1, username: 'admin' } };
    const activity = { ...scheduled, type: 'campaign_scheduled', data: { name: 'Spring sale', details: '2026-05-10T12:00:00.000Z' } };
    expect(activitySentence(activity)).toBe('admin scheduled campaign Spring sale for 10/05/2026 1:00 PM');
    expect(
      activityDetails({ ...base, type: 'import_done', data: { name: 'contacts.csv', details: 'Finished at 2026-01-02T09:30:00Z' } }),
    ).toBe('Finished at 02/01/2026 9:30 AM');
  });

  it("shows no raw codes: a takeover's default reason repeats the sentence, another code reads as words", () => {
    const takeover = { ...base, sourceType: 'user' as const, data: { username: 'ben', name: 'Nora' } };
    expect(activityDetails({ ...takeover, type: 'agent_takeover', data: { ...takeover.data, details: 'agent_takeover' } })).toBeUndefined();
    expect(activityDetails({ ...takeover, type: 'agent_return_to_bot', data: { ...takeover.data, details: 'returned_to_bot' } })).toBe(
      undefined,
    );
    expect(activityDetails({ ...takeover, type: 'agent_takeover', data: { ...takeover.data, details: 'vip customer' } })).toBe(
      'vip customer',
    );
    expect(activityDetails({ ...base, type: 'sync_failed', data: { name: 'Templates', details: 'quota_exceeded' } })).toBe(
      'Quota exceeded',
    );
  });

  it('names who took over as the user of the copy written for the colleague', () => {
    const copy = { type: 'agent_taken_over', data: { username: 'amy', takenOverBy: 'ben' }, user: { id: 2, username: 'amy' } };
    expect(activityUser(copy)).toBe('ben');
    expect(activityUser({ data: { username: 'amy' }, user: { id: 2, username: 'amy' } })).toBe('amy');
  });
});
