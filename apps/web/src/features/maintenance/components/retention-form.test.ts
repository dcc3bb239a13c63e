import { defaultRetentionPolicy } from '@wac/contract/cleanup';
import { describe, expect, it } from 'vitest';
import { retentionFormOf, retentionPolicyOf } from './retention-form';

describe('the retention policy’s form', () => {
  it('holds each collection’s and directory’s rule, and gives the same policy back', () => {
    const form = retentionFormOf(defaultRetentionPolicy);
    expect(form.rules.messages).toEqual({ enabled: false, days: '365' });
    expect(form.rules.media_storage).toEqual({ enabled: false, days: '180' });
    expect(retentionPolicyOf(form)).toEqual({ policy: defaultRetentionPolicy, errors: null });
  });

  it('turns a rule on with its days', () => {
    const form = retentionFormOf(defaultRetentionPolicy);
    form.rules.uploads = { enabled: true, days: '14' };
    form.archiveBeforeDelete = false;
    const { policy } = retentionPolicyOf(form);
    expect(policy?.directories.uploads).toEqual({ enabled: true, days: 14 });
    expect(policy?.archiveBeforeDelete).toBe(false);
  });

  it('names the rule whose days do not check out, an empty field included', () => {
    const form = retentionFormOf(defaultRetentionPolicy);
    form.rules.activities.days = '0';
    form.rules.uploads.days = '';
    expect(retentionPolicyOf(form)).toEqual({
      policy: null,
      errors: { activities: 'days must be at least 1', uploads: 'days must be a number' },
    });
  });
});
