import { describe, expect, it } from 'vitest';
import { issueFromArgs } from './license-issue.ts';
import { verifyLicenseKey } from './license-key.ts';

const now = new Date('2026-03-01T12:00:00.000Z');

describe('npm run license:issue', () => {
  it('prints a key for a plan, secret and number of days, with overrides', () => {
    const { key, payload } = issueFromArgs(
      [
        '--plan',
        'basic',
        '--secret',
        'S',
        '--days',
        '30',
        '--customer',
        'Acme',
        '--features',
        'botFlows=true,templates=false',
        '--quotas',
        'users=2,messages=50',
        '--suspended',
      ],
      now,
    );
    expect(payload).toMatchObject({
      plan: 'basic',
      customer: 'Acme',
      issuedAt: '2026-03-01T12:00:00.000Z',
      expiresAt: '2026-03-31T12:00:00.000Z',
      features: { botFlows: true, templates: false },
      quotas: { users: 2, messages: 50 },
      suspended: true,
    });
    expect(verifyLicenseKey(key, 'S')).toEqual({ ok: true, payload });
    expect(verifyLicenseKey(key, 'other').ok).toBe(false);
  });

  it('mints an already expired key for a negative number of days', () => {
    const { payload } = issueFromArgs(['--plan', 'dev', '--secret', 'S', '--days=-2'], now);
    expect(payload.expiresAt).toBe('2026-02-27T12:00:00.000Z');
    expect(payload.issuedAt <= payload.expiresAt).toBe(true);
  });

  it.each([
    [['--secret', 'S', '--days', '3'], '--plan is required'],
    [['--plan', 'basic', '--days', '3'], '--secret is required'],
    [['--plan', 'basic', '--secret', 'S'], '--days must be a number'],
    [['--plan', 'basic', '--secret', 'S', '--days', 'soon'], '--days must be a number'],
    [['--plan', 'gold', '--secret', 'S', '--days', '3'], 'plan must be one of'],
    [['--plan', 'basic', '--secret', 'S', '--days', '3', '--quotas', 'users=-1'], 'quota users must not be negative'],
    [['--plan', 'basic', '--secret', 'S', '--days', '3', '--quotas', 'users'], '--quotas: expected key=value'],
    [['--plan', 'basic', '--secret', 'S', '--days', '3', '--quotas', 'seats=4'], 'quotas'],
    [['--plan', 'basic', '--secret', 'S', '--days', '3', '--features', 'botFlows=maybe'], 'botFlows must be true or false'],
    [['--plan', 'basic', '--secret', 'S', '--days', '3', '--colour', 'red'], "Unknown option '--colour'"],
  ])('refuses %j', (args, message) => {
    expect(() => issueFromArgs(args, now)).toThrow(message);
  });
});
